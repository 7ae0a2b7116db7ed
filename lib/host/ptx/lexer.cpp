// The scanner: PTX text to statements. See lexer.hpp for what it accepts.
#include "host/ptx/lexer.hpp"

#include <cstdio>

namespace wsp {
namespace ptx {

std::string trim(const std::string &s) {
    size_t b = s.find_first_not_of(" \t\r\f\v");
    if (b == std::string::npos) return "";
    size_t e = s.find_last_not_of(" \t\r\f\v");
    return s.substr(b, e - b + 1);
}

std::vector<std::string> split(const std::string &s, char separator) {
    std::vector<std::string> parts;
    size_t start = 0;
    for (;;) {
        size_t at = s.find(separator, start);
        parts.push_back(s.substr(start, at == std::string::npos ? std::string::npos : at - start));
        if (at == std::string::npos) return parts;
        start = at + 1;
    }
}

std::string shorten(const std::string &s) { return s.size() > 40 ? s.substr(0, 40) + "..." : s; }

namespace {

bool contains(const char *const *list, const std::string &word) {
    for (; *list != nullptr; ++list)
        if (word == *list) return true;
    return false;
}

// Directives that may stand at the top level (statements or function headers) and inside a body.
const char *const kTopDirectives[] = {".version", ".target", ".address_size", ".visible", ".extern", ".weak",
    ".global", ".const", ".shared", ".local", ".file", ".section", ".entry", ".func", ".pragma", ".alias",
    ".common", ".tex", ".texref", ".surfref", ".samplerref", ".loc", ".param", nullptr};
const char *const kBodyDirectives[] = {".reg", ".local", ".shared", ".param", ".pragma", ".loc", ".const",
    ".global", ".tex", ".texref", ".surfref", ".samplerref", ".callprototype", ".calltargets",
    ".branchtargets", ".alias", ".file", nullptr};
// Directives that end at the end of their line, without ';'.
const char *const kLineDirectives[] = {".version", ".target", ".address_size", ".file", ".loc", nullptr};

bool is_identifier_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
           c == '%' || c == '.';
}

std::string first_word(const std::string &s) {
    size_t e = 0;
    while (e < s.size() && s[e] != ' ' && s[e] != '\t' && s[e] != '(' && s[e] != ',') ++e;
    return s.substr(0, e);
}

class Scanner {
public:
    Scanner(const char *text, size_t length, Module &module, Failure &failure)
        : text_(text), n_(length), module_(module), fail_(failure) {}

    bool run() {
        size_t line = 1, start_line = 0;
        std::string buffer;
        int depth = 0;
        bool initializer = false;  // inside "= { ... };" of a data declaration
        size_t open_line = 0;
        for (size_t i = 0; i < n_; ++i) {
            const unsigned char c = static_cast<unsigned char>(text_[i]);
            if (c == '\n') {
                const std::string t = trim(buffer);
                if (!initializer && contains(kLineDirectives, first_word(t))) {
                    if (!statement(t, start_line, depth)) return false;
                    buffer.clear();
                }
                ++line;
                buffer += ' ';
                continue;
            }
            if (c == '/' && i + 1 < n_ && text_[i + 1] == '/') {
                while (i + 1 < n_ && text_[i + 1] != '\n') ++i;
                continue;
            }
            if (c == '/' && i + 1 < n_ && text_[i + 1] == '*') {
                const size_t from = line;
                size_t j = i + 2;
                while (j + 1 < n_ && !(text_[j] == '*' && text_[j + 1] == '/')) {
                    if (text_[j] == '\n') ++line;
                    ++j;
                }
                if (j + 1 >= n_) return error(from, "truncated: the /* comment opened here is not closed");
                i = j + 1;
                buffer += ' ';
                continue;
            }
            if (c == 0 || (c < 0x20 && c != '\t' && c != '\r' && c != '\f' && c != '\v') || c >= 0x7f) {
                char hex[8];
                std::snprintf(hex, sizeof hex, "0x%02x", c);
                return error(line, std::string("binary data: byte ") + hex + " (is this PTX text?)");
            }
            if (trim(buffer).empty() && c != ' ' && c != '\t' && c != '\r') start_line = line;
            if (c == '"') {
                buffer += '"';
                size_t j = i + 1;
                while (j < n_ && text_[j] != '"' && text_[j] != '\n') buffer += text_[j++];
                if (j >= n_ || text_[j] != '"') return error(line, "truncated: a string is not closed on its line");
                buffer += '"';
                i = j;
                continue;
            }
            if (initializer) {
                if (c == ';') {
                    if (!statement(trim(buffer), start_line, depth)) return false;
                    buffer.clear();
                    initializer = false;
                } else {
                    buffer += static_cast<char>(c);
                }
                continue;
            }
            if (c == '=' && depth == 0) initializer = true;
            if (c == ';') {
                if (!statement(trim(buffer), start_line, depth)) return false;
                buffer.clear();
            } else if (c == '{') {
                const std::string header = trim(buffer);
                if (depth == 0 && first_word(header) == ".section") {
                    // A data block of -G output (.debug_info, ...): skipped to its '}'.
                    const size_t from = line;
                    size_t j = i + 1;
                    while (j < n_ && text_[j] != '}') {
                        if (text_[j] == '\n') ++line;
                        ++j;
                    }
                    if (j >= n_) return error(from, "truncated: the section opened here is not closed");
                    i = j;
                    buffer.clear();
                    continue;
                }
                if (depth > 0 && !header.empty()) {
                    // A vector operand: "{%f1, %f2, %f3, %f4}" (or "{%r1, %temp}"), on one statement.
                    size_t j = i + 1;
                    while (j < n_ && text_[j] != '}' && text_[j] != ';' && text_[j] != '{' && text_[j] != '\n') ++j;
                    if (j >= n_ || text_[j] != '}')
                        return error(line, "a vector operand '{' after '" + shorten(header) + "' is not closed by '}' on its line");
                    buffer.append(text_ + i, j - i + 1);
                    i = j;
                    continue;
                }
                buffer.clear();
                if (depth == 0) {
                    if (!function_header(header, line)) return false;
                    open_line = line;
                }
                ++depth;  // a function body, or a scope inside one
            } else if (c == '}') {
                const std::string rest = trim(buffer);
                buffer.clear();
                if (depth == 0) return error(line, "unbalanced '}': no block is open");
                if (!rest.empty()) return error(start_line, "missing ';' after '" + shorten(rest) + "'");
                --depth;
            } else if (c == ':' && depth > 0 && is_label(trim(buffer))) {
                Function &f = module_.functions.back();
                const std::string name = trim(buffer);
                if (f.labels.count(name) != 0) return error(line, "label '" + name + "' defined twice");
                f.labels[name] = f.code.size();
                buffer.clear();
            } else {
                buffer += static_cast<char>(c);
            }
        }
        if (initializer) return error(start_line, "truncated: the initializer opened here has no ';'");
        if (depth > 0)
            return error(open_line, "truncated: the body of '" + module_.functions.back().name +
                                        "' opened here is not closed (unbalanced braces?)");
        if (!trim(buffer).empty()) return error(start_line, "truncated: '" + shorten(trim(buffer)) + "' has no ';'");
        return true;
    }

private:
    bool error(size_t line, const std::string &message) {
        fail_.status = WSP_ERR_PTX;
        fail_.line = line;
        fail_.message = message;
        return false;
    }

    static bool is_label(const std::string &s) {
        if (s.empty() || s[0] == '.' || s[0] == '@' || (s[0] >= '0' && s[0] <= '9')) return false;
        for (char c : s)
            if (!is_identifier_char(c)) return false;
        return true;
    }

    bool function_header(const std::string &header, size_t line) {
        std::vector<std::string> words;
        for (const std::string &w : split(header, ' '))
            if (!trim(w).empty()) words.push_back(trim(w));
        Function f;
        f.line = line;
        f.header = header;
        f.defined = true;
        for (size_t k = 0; k < words.size(); ++k) {
            if (words[k] != ".entry" && words[k] != ".func") continue;
            f.entry = words[k] == ".entry";
            f.name = function_name(words, k);
            break;
        }
        if (f.name.empty())
            return error(line, header.empty() ? "'{' outside a function"
                                              : "'{' after '" + shorten(header) + "', which is no .entry or .func header");
        for (const Function &g : module_.functions)
            if (g.defined && g.name == f.name)
                return error(line, std::string(f.entry ? ".entry" : ".func") + " '" + f.name + "' defined twice");
        module_.functions.push_back(f);
        return true;
    }

    // The name after .entry or .func at words[k]; a .func may name its return parameters first:
    // .func (.param .b32 r) name (...)
    static std::string function_name(const std::vector<std::string> &words, size_t k) {
        std::string rest;
        for (size_t j = k + 1; j < words.size(); ++j) rest += words[j] + " ";
        size_t p = 0;
        if (words[k] == ".func" && !rest.empty() && rest[0] == '(') {
            p = rest.find(')');
            p = p == std::string::npos ? rest.size() : p + 1;
        }
        while (p < rest.size() && rest[p] == ' ') ++p;
        size_t e = p;
        while (e < rest.size() && is_identifier_char(rest[e])) ++e;
        return rest.substr(p, e - p);
    }

    bool statement(const std::string &s, size_t line, int depth) {
        if (s.empty()) return true;
        if (depth == 0) {
            const std::string w = first_word(s);
            if (w.empty() || w[0] != '.') return error(line, "'" + shorten(s) + "' outside a function");
            if (!contains(kTopDirectives, w)) return error(line, "unknown directive '" + shorten(w) + "'");
            if (w == ".target") {
                std::string t = trim(s.substr(7));
                module_.target = trim(t.substr(0, t.find(',')));
            }
            if (s.find(".shared") != std::string::npos || w == ".local") module_.declarations.push_back({s, line});
            return true;
        }
        Function &f = module_.functions.back();
        if (s[0] == '.') {
            const std::string w = first_word(s);
            if (!contains(kBodyDirectives, w)) return error(line, "unknown directive '" + shorten(w) + "'");
            if (w == ".reg" || w == ".shared" || w == ".local") f.declarations.push_back({s, line});
            return true;
        }
        Instruction ins;
        ins.line = line;
        std::string rest = s;
        if (rest[0] == '@') {
            size_t e = rest.find_first_of(" \t");
            if (e == std::string::npos) return error(line, "a guard '" + shorten(rest) + "' without an instruction");
            ins.guard = rest.substr(1, e - 1);
            if (!ins.guard.empty() && ins.guard[0] == '!') {
                ins.negated = true;
                ins.guard = ins.guard.substr(1);
            }
            rest = trim(rest.substr(e));
        }
        size_t e = 0;
        while (e < rest.size() && rest[e] != ' ' && rest[e] != '\t') ++e;
        ins.opcode = rest.substr(0, e);
        const char c0 = ins.opcode.empty() ? '\0' : ins.opcode[0];
        bool ok = c0 >= 'a' && c0 <= 'z';
        for (char c : ins.opcode)
            ok = ok && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_');
        if (!ok) return error(line, "expected an instruction, found '" + shorten(rest) + "'");
        ins.operands = trim(rest.substr(e));
        f.code.push_back(ins);
        return true;
    }

    const char *text_;
    size_t n_;
    Module &module_;
    Failure &fail_;
};

}  // namespace

bool scan(const char *text, size_t length, Module &module, Failure &failure) {
    Scanner scanner(text, length, module, failure);
    return scanner.run();
}

}  // namespace ptx
}  // namespace wsp
