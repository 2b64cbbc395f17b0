#pragma once

// Builds a file's bytes into the binary as they are: the assembler's .incbin reads the file at
// build time (CMake passes its path), so no generated source and no run-time file is needed.
// CHUHE_INCBIN(name, "path", 64) defines name[] and name_end[] around the bytes, aligned to
// 64 bytes so the data can be read in place.
#define CHUHE_INCBIN_STRINGIFY(x) #x
#define CHUHE_INCBIN(name, path, align)                                   \
    asm(".section .rodata\n"                                            \
        ".balign " CHUHE_INCBIN_STRINGIFY(align) "\n"                   \
        ".globl " #name "\n" #name ":\n"                                \
        ".incbin \"" path "\"\n"                                        \
        ".globl " #name "_end\n" #name "_end:\n"                        \
        ".previous\n");                                                 \
    extern "C" const char name[];                                       \
    extern "C" const char name##_end[]
