#include "util/json.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "util/text.h"

namespace chuhe {

Json& Json::push(Json v) {
    items_.push_back(std::move(v));
    return items_.back();
}

Json& Json::set(const std::string& key, Json v) {
    for (auto& m : members_)
        if (m.first == key) return m.second = std::move(v);
    members_.emplace_back(key, std::move(v));
    return members_.back().second;
}

const Json& Json::operator[](std::string_view key) const {
    static const Json null;
    for (const auto& m : members_)
        if (m.first == key) return m.second;
    return null;
}

bool Json::has(std::string_view key) const {
    for (const auto& m : members_)
        if (m.first == key) return true;
    return false;
}

void json_quote(std::string& out, std::string_view s) {
    out += '"';
    for (size_t i = 0; i < s.size(); ++i) {
        unsigned char c = s[i];
        if (c >= 0x80) {
            // JSON is UTF-8: a byte that starts no valid sequence becomes U+FFFD, so that
            // text from anywhere (a request, an engine, a file) never makes invalid JSON.
            char32_t cp;
            size_t n = utf8_sequence(s, i, &cp);
            if (n) {
                out.append(s.substr(i, n));
                i += n - 1;
            } else {
                out += "\xEF\xBF\xBD";
            }
            continue;
        }
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c < 0x20 || c == 0x7f) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += char(c);
            }
        }
    }
    out += '"';
}

void Json::dump(std::string& out) const {
    switch (type_) {
    case NUL: out += "null"; break;
    case BOOL: out += bool_ ? "true" : "false"; break;
    case NUMBER: {
        if (!std::isfinite(number_)) {
            out += "null";
        } else if (number_ == std::floor(number_) && std::fabs(number_) < 9e15) {
            out += std::to_string(int64_t(number_));
        } else {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%.10g", number_);
            out += buf;
        }
        break;
    }
    case STRING: json_quote(out, string_); break;
    case ARRAY:
        out += '[';
        for (size_t i = 0; i < items_.size(); ++i) {
            if (i) out += ',';
            items_[i].dump(out);
        }
        out += ']';
        break;
    case OBJECT:
        out += '{';
        for (size_t i = 0; i < members_.size(); ++i) {
            if (i) out += ',';
            json_quote(out, members_[i].first);
            out += ':';
            members_[i].second.dump(out);
        }
        out += '}';
        break;
    }
}

std::string Json::dump() const {
    std::string out;
    dump(out);
    return out;
}

namespace {

struct Parser {
    std::string_view text;
    size_t pos = 0;
    int maxDepth;
    std::string error;

    bool fail(const std::string& why) {
        if (error.empty()) error = why + " at byte " + std::to_string(pos);
        return false;
    }
    void skip_space() {
        while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t' || text[pos] == '\n' || text[pos] == '\r'))
            ++pos;
    }
    bool literal(std::string_view word) {
        if (text.substr(pos, word.size()) != word) return fail("unexpected character");
        pos += word.size();
        return true;
    }
    static void put_utf8(std::string& out, uint32_t cp) {
        if (cp < 0x80) {
            out += char(cp);
        } else if (cp < 0x800) {
            out += char(0xC0 | (cp >> 6));
            out += char(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += char(0xE0 | (cp >> 12));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        } else {
            out += char(0xF0 | (cp >> 18));
            out += char(0x80 | ((cp >> 12) & 0x3F));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        }
    }
    bool hex4(uint32_t& v) {
        if (pos + 4 > text.size()) return fail("truncated \\u escape");
        v = 0;
        for (int i = 0; i < 4; ++i) {
            char c = text[pos++];
            v <<= 4;
            if (c >= '0' && c <= '9') v |= uint32_t(c - '0');
            else if (c >= 'a' && c <= 'f') v |= uint32_t(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F') v |= uint32_t(c - 'A' + 10);
            else return fail("bad \\u escape");
        }
        return true;
    }
    bool string(std::string& out) {
        ++pos;  // the opening quote
        for (;;) {
            if (pos >= text.size()) return fail("unterminated string");
            unsigned char c = text[pos++];
            if (c == '"') return true;
            if (c < 0x20) return fail("control character in string");
            if (c != '\\') {
                out += char(c);
                continue;
            }
            if (pos >= text.size()) return fail("unterminated string");
            char e = text[pos++];
            switch (e) {
            case '"': out += '"'; break;
            case '\\': out += '\\'; break;
            case '/': out += '/'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'u': {
                uint32_t cp = 0;
                if (!hex4(cp)) return false;
                if (cp >= 0xD800 && cp < 0xDC00) {
                    uint32_t low = 0;
                    if (text.substr(pos, 2) != "\\u") return fail("lone surrogate");
                    pos += 2;
                    if (!hex4(low)) return false;
                    if (low < 0xDC00 || low >= 0xE000) return fail("bad surrogate pair");
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                } else if (cp >= 0xDC00 && cp < 0xE000) {
                    return fail("lone surrogate");
                }
                put_utf8(out, cp);
                break;
            }
            default: return fail("bad escape");
            }
        }
    }
    bool number(Json& out) {
        size_t start = pos;
        if (pos < text.size() && text[pos] == '-') ++pos;
        auto digits = [&] {
            size_t d = pos;
            while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') ++pos;
            return pos > d;
        };
        if (!digits()) return fail("bad number");
        if (pos < text.size() && text[pos] == '.') {
            ++pos;
            if (!digits()) return fail("bad number");
        }
        if (pos < text.size() && (text[pos] == 'e' || text[pos] == 'E')) {
            ++pos;
            if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) ++pos;
            if (!digits()) return fail("bad number");
        }
        if (pos - start > 64) return fail("number too long");
        std::string copy(text.substr(start, pos - start));
        out = Json(std::strtod(copy.c_str(), nullptr));
        return true;
    }
    bool value(Json& out, int depth) {
        skip_space();
        if (pos >= text.size()) return fail("unexpected end");
        char c = text[pos];
        if (c == '{' || c == '[') {
            if (depth >= maxDepth) return fail("nested too deeply");
            bool isObject = c == '{';
            out = isObject ? Json::object() : Json::array();
            ++pos;
            skip_space();
            char close = isObject ? '}' : ']';
            if (pos < text.size() && text[pos] == close) {
                ++pos;
                return true;
            }
            for (;;) {
                skip_space();
                if (isObject) {
                    if (pos >= text.size() || text[pos] != '"') return fail("expected a member name");
                    std::string key;
                    if (!string(key)) return false;
                    skip_space();
                    if (pos >= text.size() || text[pos] != ':') return fail("expected ':'");
                    ++pos;
                    Json v;
                    if (!value(v, depth + 1)) return false;
                    out.set(key, std::move(v));
                } else {
                    Json v;
                    if (!value(v, depth + 1)) return false;
                    out.push(std::move(v));
                }
                skip_space();
                if (pos >= text.size()) return fail("unexpected end");
                if (text[pos] == ',') {
                    ++pos;
                    continue;
                }
                if (text[pos] == close) {
                    ++pos;
                    return true;
                }
                return fail(isObject ? "expected ',' or '}'" : "expected ',' or ']'");
            }
        }
        if (c == '"') {
            std::string s;
            if (!string(s)) return false;
            out = Json(std::move(s));
            return true;
        }
        if (c == 't') return literal("true") && (out = Json(true), true);
        if (c == 'f') return literal("false") && (out = Json(false), true);
        if (c == 'n') return literal("null") && (out = Json(), true);
        if (c == '-' || (c >= '0' && c <= '9')) return number(out);
        return fail("unexpected character");
    }
};

}  // namespace

bool Json::parse(std::string_view text, Json& out, std::string* error, int maxDepth) {
    Parser p{text, 0, maxDepth, {}};
    Json v;
    bool ok = p.value(v, 0);
    if (ok) {
        p.skip_space();
        if (p.pos != text.size()) ok = p.fail("trailing characters");
    }
    if (!ok) {
        if (error) *error = "bad JSON: " + p.error;
        return false;
    }
    out = std::move(v);
    return true;
}

}  // namespace chuhe
