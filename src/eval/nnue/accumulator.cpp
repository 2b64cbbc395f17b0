#include "eval/nnue/accumulator.h"

#include <algorithm>

#ifdef __AVX2__
#include <immintrin.h>
#endif

namespace chuhe::nnue {

namespace {

// The loops below are written for the compiler to vectorise (AVX2 with -march=native, SSE2 in
// a portable build); integer arithmetic makes every build compute the same values.
void add_column(int16_t* acc, const int16_t* w) {
    for (int i = 0; i < HIDDEN; ++i) acc[i] += w[i];
}

// dst = src + add - sub1 (- sub2): one move, with or without a capture, in one pass.
void apply(int16_t* dst, const int16_t* src, const int16_t* add, const int16_t* sub) {
    for (int i = 0; i < HIDDEN; ++i) dst[i] = int16_t(src[i] + add[i] - sub[i]);
}
void apply(int16_t* dst, const int16_t* src, const int16_t* add, const int16_t* sub1,
           const int16_t* sub2) {
    for (int i = 0; i < HIDDEN; ++i) dst[i] = int16_t(src[i] + add[i] - sub1[i] - sub2[i]);
}

// The accumulator (x QF) rounded down to the activation's scale (x QA) and clipped: 0..QA.
int32_t activation(int16_t v) { return (std::clamp<int32_t>(v, 0, QF) + (1 << ACTIVATION_SHIFT) / 2) >> ACTIVATION_SHIFT; }

int32_t finish(const Network& net, int64_t sum) {
    return int32_t((sum / QA + net.outputBias) * OUTPUT_SCALE / (QA * QB));
}

}  // namespace

void refresh(const Network& net, const Position& pos, Accumulator& acc) {
    for (Color p : {RED, BLACK}) {
        std::copy(net.featureBias, net.featureBias + HIDDEN, acc.values[p]);
        Bitboard b = pos.pieces();
        while (b) {
            Square s = pop_lsb(b);
            add_column(acc.values[p], net.column(feature_index(p, pos.piece_on(s), s)));
        }
    }
}

int32_t output_reference(const Network& net, const Accumulator& acc, Color stm) {
    int64_t sum = 0;
    const Color order[2] = {stm, ~stm};
    for (int half = 0; half < 2; ++half) {
        const int16_t* a = acc.values[order[half]];
        const int16_t* w = net.outputWeights + half * HIDDEN;
        for (int i = 0; i < HIDDEN; ++i) {
            int32_t c = activation(a[i]);
            sum += c * int16_t(c * w[i]);
        }
    }
    return finish(net, sum);
}

int32_t output(const Network& net, const Accumulator& acc, Color stm) {
#ifdef __AVX2__
    // SCReLU as c * (c * w): c * w fits int16 (the loader checks |w| * QA), and madd then sums
    // pairs of c * (c * w) into int32 lanes.
    const __m256i zero = _mm256_setzero_si256(), qf = _mm256_set1_epi16(QF);
    const __m256i rounding = _mm256_set1_epi16((1 << ACTIVATION_SHIFT) / 2);
    __m256i total = _mm256_setzero_si256();
    const Color order[2] = {stm, ~stm};
    for (int half = 0; half < 2; ++half) {
        const int16_t* a = acc.values[order[half]];
        const int16_t* w = net.outputWeights + half * HIDDEN;
        for (int i = 0; i < HIDDEN; i += 16) {
            __m256i c = _mm256_load_si256(reinterpret_cast<const __m256i*>(a + i));
            c = _mm256_min_epi16(_mm256_max_epi16(c, zero), qf);
            c = _mm256_srli_epi16(_mm256_add_epi16(c, rounding), ACTIVATION_SHIFT);
            __m256i wv = _mm256_load_si256(reinterpret_cast<const __m256i*>(w + i));
            total = _mm256_add_epi32(total, _mm256_madd_epi16(c, _mm256_mullo_epi16(c, wv)));
        }
    }
    // Each int32 lane holds at most 2 * HIDDEN / 8 products of QA * 32767: no overflow.
    alignas(32) int32_t lanes[8];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), total);
    int64_t sum = 0;
    for (int32_t v : lanes) sum += v;
    return finish(net, sum);
#else
    return output_reference(net, acc, stm);
#endif
}

AccumulatorStack::AccumulatorStack() : entries_(MAX_PLY + 16) {}

void AccumulatorStack::reset(const Network& net, const Position& pos) {
    top_ = 0;
    refresh(net, pos, entries_[0].acc);
    entries_[0].computed = true;
}

void AccumulatorStack::push(const Position& pos, Move m) {
    Entry& e = entries_[++top_];
    e.computed = false;
    e.from = from_sq(m);
    e.to = to_sq(m);
    e.moved = pos.piece_on(e.from);
    e.captured = pos.piece_on(e.to);
}

void AccumulatorStack::push_null() {
    Entry& e = entries_[++top_];
    e.computed = false;
    e.moved = NO_PIECE;
}

const Accumulator& AccumulatorStack::current(const Network& net) {
    int k = top_;
    while (!entries_[k].computed) --k;  // entry 0 is always computed
    for (++k; k <= top_; ++k) {
        const Entry& prev = entries_[k - 1];
        Entry& e = entries_[k];
        for (Color p : {RED, BLACK}) {
            const int16_t* src = prev.acc.values[p];
            int16_t* dst = e.acc.values[p];
            if (!e.moved) {
                std::copy(src, src + HIDDEN, dst);
                continue;
            }
            const int16_t* add = net.column(feature_index(p, e.moved, e.to));
            const int16_t* sub = net.column(feature_index(p, e.moved, e.from));
            if (e.captured)
                apply(dst, src, add, sub, net.column(feature_index(p, e.captured, e.to)));
            else
                apply(dst, src, add, sub);
        }
        e.computed = true;
    }
    return entries_[top_].acc;
}

}  // namespace chuhe::nnue
