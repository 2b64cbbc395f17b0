// A small JSON value for the web board's API and the match results files: parsed (with limits on
// size and nesting) and written.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace chuhe {

class Json {
public:
    enum Type { NUL, BOOL, NUMBER, STRING, ARRAY, OBJECT };

    Json() = default;
    Json(std::nullptr_t) {}
    Json(bool b) : type_(BOOL), bool_(b) {}
    Json(int n) : type_(NUMBER), number_(n) {}
    Json(int64_t n) : type_(NUMBER), number_(double(n)) {}
    Json(uint64_t n) : type_(NUMBER), number_(double(n)) {}
    Json(double n) : type_(NUMBER), number_(n) {}
    Json(const char* s) : type_(STRING), string_(s) {}
    Json(std::string s) : type_(STRING), string_(std::move(s)) {}
    Json(std::string_view s) : type_(STRING), string_(s) {}

    static Json array() {
        Json j;
        j.type_ = ARRAY;
        return j;
    }
    static Json object() {
        Json j;
        j.type_ = OBJECT;
        return j;
    }

    Type type() const { return type_; }
    bool is_null() const { return type_ == NUL; }
    bool is_string() const { return type_ == STRING; }
    bool is_number() const { return type_ == NUMBER; }
    bool is_bool() const { return type_ == BOOL; }
    bool is_array() const { return type_ == ARRAY; }
    bool is_object() const { return type_ == OBJECT; }

    bool as_bool() const { return bool_; }
    double as_number() const { return number_; }
    const std::string& as_string() const { return string_; }
    const std::vector<Json>& items() const { return items_; }
    const std::vector<std::pair<std::string, Json>>& members() const { return members_; }

    // Arrays: appends. Objects: sets a member (replacing one of the same name).
    Json& push(Json v);
    Json& set(const std::string& key, Json v);
    // Objects: the member, or a null value when there is none (or this is not an object).
    const Json& operator[](std::string_view key) const;
    bool has(std::string_view key) const;

    std::string dump() const;
    void dump(std::string& out) const;

    // Parses text; false with the reason (and the byte offset) on malformed input, more than
    // maxDepth nested arrays/objects or trailing garbage.
    static bool parse(std::string_view text, Json& out, std::string* error, int maxDepth = 32);

private:
    Type type_ = NUL;
    bool bool_ = false;
    double number_ = 0;
    std::string string_;
    std::vector<Json> items_;
    std::vector<std::pair<std::string, Json>> members_;
};

// Appends s as a JSON string literal (quoted and escaped; bytes that are not UTF-8 as U+FFFD).
void json_quote(std::string& out, std::string_view s);

}  // namespace chuhe
