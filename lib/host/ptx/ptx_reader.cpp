// The PTX reader (issue 8): from `nvcc -ptx` text to a kernel instruction string (paper 003 Fig. 11
// did this by hand). Host only: it allocates. Three steps: scan the text into statements (comments,
// strings, braces, labels; every malformed input is an error with its line), classify each
// instruction of the chosen .entry by the unit it occupies, and walk its control flow.
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#define WSP_EXPERIMENTAL 1  // the reader is experimental in 1.0
#include "util/diag.hpp"
#include "util/reserved.hpp"
#include "warpspan_host.h"

namespace {

constexpr uint32_t kDefaultMaxInstructions = 1000000;
constexpr size_t kMaxWorstStates = 200000;  // memoised (instruction, loop counters) states
constexpr size_t kMaxWorstDepth = 10000;    // recursion depth of the worst-path search

struct Failure {
    wsp_status status = WSP_OK;
    size_t line = 0;
    std::string message;
};

enum class Flow { kNone, kBranch, kIndirect, kReturn };

struct Instruction {
    std::string opcode;  // with its modifiers: "ld.global.f32"
    size_t line = 0;
    char letter = 'C';
    bool known = true;
    bool guarded = false;  // @p or @!p
    Flow flow = Flow::kNone;
    std::string label;     // bra: the target label
    size_t target = 0;     // bra: index of the instruction the label stands before (n = the end)
};

struct Function {
    std::string name;
    size_t line = 0;
    bool entry = false;
    std::vector<Instruction> code;
    std::map<std::string, size_t> labels;
    std::vector<std::pair<std::string, size_t>> label_lines;
};

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

// L: instructions that occupy the load/store unit (memory, texture and surface access).
const char *const kLoadStore[] = {"ld", "ldu", "st", "atom", "red", "prefetch", "prefetchu", "cp", "ldmatrix",
    "stmatrix", "tex", "tld4", "txq", "suld", "sust", "sured", "suq", "mbarrier", "multimem", "discard",
    "applypriority", "isspacep", nullptr};
// S: the special function unit. rcp and sqrt only as .approx (their IEEE forms are sequences).
const char *const kSpecial[] = {"sin", "cos", "ex2", "lg2", "rsqrt", "tanh", nullptr};
// .f64 with these is a move or a select, not double-precision arithmetic: C.
const char *const kNotArithmetic[] = {"mov", "selp", "slct", "shfl", "prmt", "cvta", "bra", "call", nullptr};
// C: every other PTX ISA 9.0 instruction we know of (bra, ret, setp, selp, mov, cvt, bar, ...).
const char *const kCore[] = {"abs", "activemask", "add", "addc", "alloca", "and", "bar", "barrier", "bfe", "bfi",
    "bfind", "bmsk", "bra", "brev", "brkpt", "brx", "call", "clz", "cnot", "copysign", "createpolicy", "cvt",
    "cvta", "div", "dp2a", "dp4a", "elect", "exit", "fence", "fma", "fns", "getctarank", "griddepcontrol",
    "istypeof", "lop3", "mad", "mad24", "madc", "mapa", "match", "max", "membar", "min", "mma", "mov", "mul",
    "mul24", "nanosleep", "neg", "not", "or", "pmevent", "popc", "prmt", "rcp", "redux", "rem", "ret", "sad",
    "selp", "set", "setmaxnreg", "setp", "shf", "shfl", "shl", "shr", "slct", "sqrt", "stackrestore",
    "stacksave", "sub", "subc", "szext", "tensormap", "testp", "trap", "vabsdiff", "vabsdiff2", "vabsdiff4",
    "vadd", "vadd2", "vadd4", "vavrg2", "vavrg4", "vmad", "vmax", "vmax2", "vmax4", "vmin", "vmin2", "vmin4",
    "vote", "vset", "vset2", "vset4", "vshl", "vshr", "vsub", "vsub2", "vsub4", "wgmma", "wmma", "xor", nullptr};

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

void classify(Instruction &ins) {
    const std::vector<std::string> parts = split(ins.opcode, '.');
    const std::string &base = parts[0];
    bool f64 = false, approx = false;
    for (size_t i = 1; i < parts.size(); ++i) {
        if (parts[i] == "f64") f64 = true;
        if (parts[i] == "approx") approx = true;
    }
    if (base == "wmma") {  // wmma.load / wmma.store move fragments through memory
        ins.letter = parts.size() > 1 && (parts[1] == "load" || parts[1] == "store") ? 'L' : 'C';
    } else if (contains(kLoadStore, base)) {
        ins.letter = 'L';
    } else if (f64 && !contains(kNotArithmetic, base)) {
        ins.letter = 'D';
    } else if (contains(kSpecial, base) || ((base == "rcp" || base == "sqrt") && approx)) {
        ins.letter = 'S';
    } else {
        ins.letter = 'C';
        ins.known = contains(kCore, base);
    }
    if (base == "bra") ins.flow = Flow::kBranch;
    if (base == "brx") ins.flow = Flow::kIndirect;
    if (base == "ret" || base == "exit") ins.flow = Flow::kReturn;
}

bool is_identifier_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
           c == '%' || c == '.';
}

std::string trim(const std::string &s) {
    size_t b = s.find_first_not_of(" \t\r\f\v");
    if (b == std::string::npos) return "";
    size_t e = s.find_last_not_of(" \t\r\f\v");
    return s.substr(b, e - b + 1);
}

std::string first_word(const std::string &s) {
    size_t e = 0;
    while (e < s.size() && s[e] != ' ' && s[e] != '\t' && s[e] != '(' && s[e] != ',') ++e;
    return s.substr(0, e);
}

std::string shorten(const std::string &s) { return s.size() > 40 ? s.substr(0, 40) + "..." : s; }

class Scanner {
public:
    Scanner(const char *text, size_t length, Failure &failure) : text_(text), n_(length), fail_(failure) {}

    bool run(std::vector<Function> &functions) {
        size_t line = 1, start_line = 0;
        std::string buffer;
        int depth = 0;
        bool initializer = false;  // inside "= { ... };" of a data declaration
        size_t open_line = 0;
        for (size_t i = 0; i < n_; ++i) {
            const unsigned char c = static_cast<unsigned char>(text_[i]);
            if (c == '\n') {
                // .version, .target and .address_size end at the end of their line, without ';'
                const std::string w = first_word(trim(buffer));
                if (depth == 0 && !initializer && (w == ".version" || w == ".target" || w == ".address_size")) {
                    if (!statement(trim(buffer), start_line, depth, functions)) return false;
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
                    if (!statement(trim(buffer), start_line, depth, functions)) return false;
                    buffer.clear();
                    initializer = false;
                } else {
                    buffer += static_cast<char>(c);
                }
                continue;
            }
            if (c == '=' && depth == 0) initializer = true;
            if (c == ';') {
                if (!statement(trim(buffer), start_line, depth, functions)) return false;
                buffer.clear();
            } else if (c == '{') {
                const std::string header = trim(buffer);
                buffer.clear();
                if (depth == 0) {
                    if (!function_header(header, line, functions)) return false;
                    open_line = line;
                } else if (!header.empty()) {
                    return error(start_line, "'{' after '" + shorten(header) + "' (a missing ';'?)");
                }
                ++depth;
            } else if (c == '}') {
                const std::string rest = trim(buffer);
                buffer.clear();
                if (depth == 0) return error(line, "unbalanced '}': no block is open");
                if (!rest.empty()) return error(start_line, "missing ';' after '" + shorten(rest) + "'");
                --depth;
            } else if (c == ':' && depth > 0 && is_label(trim(buffer))) {
                Function &f = functions.back();
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
            return error(open_line, "truncated: the body of '" + functions.back().name +
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

    bool function_header(const std::string &header, size_t line, std::vector<Function> &functions) {
        std::vector<std::string> words;
        for (const std::string &w : split(header, ' '))
            if (!trim(w).empty()) words.push_back(trim(w));
        Function f;
        f.line = line;
        for (size_t k = 0; k < words.size(); ++k) {
            if (words[k] != ".entry" && words[k] != ".func") continue;
            f.entry = words[k] == ".entry";
            // .func may name its return parameters first: .func (.param .b32 r) name (...)
            size_t j = k + 1;
            std::string rest;
            for (; j < words.size(); ++j) rest += words[j] + " ";
            size_t p = 0;
            if (!f.entry && !rest.empty() && rest[0] == '(') {
                p = rest.find(')');
                p = p == std::string::npos ? rest.size() : p + 1;
            }
            while (p < rest.size() && rest[p] == ' ') ++p;
            size_t e = p;
            while (e < rest.size() && is_identifier_char(rest[e])) ++e;
            f.name = rest.substr(p, e - p);
            break;
        }
        if (f.name.empty())
            return error(line, header.empty() ? "'{' outside a function"
                                              : "'{' after '" + shorten(header) + "', which is no .entry or .func header");
        for (const Function &g : functions)
            if (g.entry && f.entry && g.name == f.name) return error(line, ".entry '" + f.name + "' defined twice");
        functions.push_back(f);
        return true;
    }

    bool statement(const std::string &s, size_t line, int depth, std::vector<Function> &functions) {
        if (s.empty()) return true;
        if (depth == 0) {
            const std::string w = first_word(s);
            if (w.empty() || w[0] != '.') return error(line, "'" + shorten(s) + "' outside a function");
            if (!contains(kTopDirectives, w)) return error(line, "unknown directive '" + shorten(w) + "'");
            return true;
        }
        Function &f = functions.back();
        if (s[0] == '.') {
            const std::string w = first_word(s);
            if (!contains(kBodyDirectives, w)) return error(line, "unknown directive '" + shorten(w) + "'");
            return true;
        }
        if (!f.entry) return true;  // .func bodies are scanned, not classified
        Instruction ins;
        ins.line = line;
        std::string rest = s;
        if (rest[0] == '@') {
            size_t e = rest.find_first_of(" \t");
            if (e == std::string::npos) return error(line, "a guard '" + shorten(rest) + "' without an instruction");
            ins.guarded = true;
            rest = trim(rest.substr(e));
        }
        size_t e = 0;
        while (e < rest.size() && rest[e] != ' ' && rest[e] != '\t') ++e;
        ins.opcode = rest.substr(0, e);
        const char c0 = ins.opcode[0];
        bool ok = c0 >= 'a' && c0 <= 'z';
        for (char c : ins.opcode)
            ok = ok && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_');
        if (!ok) return error(line, "expected an instruction, found '" + shorten(rest) + "'");
        classify(ins);
        if (ins.flow == Flow::kBranch) {
            std::string operands = trim(rest.substr(e));
            if (operands.empty()) return error(line, "'" + ins.opcode + "' without a target");
            size_t comma = operands.find(',');  // bra target; (no other operands in PTX)
            ins.label = trim(operands.substr(0, comma));
        }
        f.code.push_back(ins);
        return true;
    }

    const char *text_;
    size_t n_;
    Failure &fail_;
};

struct Walk {
    const Function &f;
    const wsp_host_ptx_options &options;
    uint32_t k;
    uint64_t limit;
    Failure &fail;
    std::vector<char> letters;
    std::vector<size_t> lines;  // of the instructions walked, for the unclassified list
    uint32_t conditional = 0;

    bool error(wsp_status status, size_t line, const std::string &message) {
        fail.status = status;
        fail.line = line;
        fail.message = message;
        return false;
    }

    bool emit(size_t pc) {
        if (letters.size() >= limit)
            return error(WSP_ERR_RANGE, f.code[pc].line,
                         "the kernel passed " + std::to_string(limit) +
                             " instructions (max_instructions): an endless loop?");
        letters.push_back(f.code[pc].letter);
        lines.push_back(pc);
        return true;
    }

    bool straight(uint32_t flow) {
        std::vector<bool> choices;
        if (flow == WSP_HOST_PTX_PATH) {
            const char *path = options.path != nullptr ? options.path : "";
            if (*path != '\0') {
                for (std::string w : split(path, ',')) {
                    w = trim(w);
                    if (w == "taken" || w == "t") choices.push_back(true);
                    else if (w == "not-taken" || w == "n") choices.push_back(false);
                    else return error(WSP_ERR_RANGE, 0, "path: '" + shorten(w) + "' is neither taken (t) nor not-taken (n)");
                }
            }
        }
        std::map<size_t, uint32_t> taken;  // backward branch -> times taken in this run of its loop
        size_t used = 0, pc = 0;
        const size_t n = f.code.size();
        while (pc < n) {
            const Instruction &ins = f.code[pc];
            if (!emit(pc)) return false;
            if (ins.flow == Flow::kIndirect) {
                if (flow == WSP_HOST_PTX_PREFIX) break;
                return error(WSP_ERR_PTX, ins.line, "'" + ins.opcode + "': indirect branches are not followed");
            }
            const bool conditional_here = ins.guarded && ins.flow != Flow::kNone;
            if (!conditional_here) {
                if (ins.flow == Flow::kReturn) break;
                if (ins.flow == Flow::kBranch) {
                    if (flow == WSP_HOST_PTX_PREFIX) break;
                    pc = ins.target;
                    continue;
                }
                ++pc;
                continue;
            }
            ++conditional;
            bool take = false;
            if (flow == WSP_HOST_PTX_PREFIX) break;
            if (flow == WSP_HOST_PTX_PATH) {
                if (used == choices.size()) break;
                take = choices[used++];
            } else if (ins.flow == Flow::kBranch && ins.target <= pc) {  // a loop's back edge
                uint32_t &t = taken[pc];
                take = t + 1 < k;
                t = take ? t + 1 : 0;  // reset: an enclosing loop runs this one k times again
            }
            if (take && ins.flow == Flow::kReturn) break;
            pc = take ? ins.target : pc + 1;
        }
        if (flow == WSP_HOST_PTX_PATH && used < choices.size())
            return error(WSP_ERR_RANGE, 0, "path: " + std::to_string(choices.size()) + " choices given, but the walk met only " +
                                               std::to_string(used) + " conditional branches before it ended");
        return true;
    }

    // ---- the worst path: longest over the CFG, each loop run at most k times per entry ----------
    struct BackEdge {
        size_t from, to;  // the branch and its target (to <= from): the loop is [to, from]
    };
    std::vector<BackEdge> back;
    std::map<std::string, int64_t> memo;
    size_t depth = 0;

    // Moves along an edge from instruction `from` to `to` (n = the end): false if the loop bound
    // forbids it. Counters of loops the destination lies outside of restart at 0.
    bool step(size_t from, size_t to, std::vector<uint32_t> &count) const {
        for (size_t e = 0; e < back.size(); ++e) {
            if (back[e].from == from && back[e].to == to) {
                if (count[e] + 1 >= k) return false;
                ++count[e];
            } else if (to < back[e].to || to > back[e].from) {
                count[e] = 0;
            }
        }
        return true;
    }

    static std::string key(size_t pc, const std::vector<uint32_t> &count) {
        std::string s = std::to_string(pc);
        for (uint32_t c : count) s += "," + std::to_string(c);
        return s;
    }

    // Length of the longest path from pc with these counters to the end; -1 when none exists.
    int64_t longest(size_t pc, const std::vector<uint32_t> &count) {
        const size_t n = f.code.size();
        if (pc >= n) return 0;
        const std::string id = key(pc, count);
        auto hit = memo.find(id);
        if (hit != memo.end()) return hit->second;
        if (memo.size() >= kMaxWorstStates || depth >= kMaxWorstDepth) {
            error(WSP_ERR_RANGE, f.code[pc].line, "worst path: too many paths or too long a path; lower the loop count");
            return -2;
        }
        ++depth;
        int64_t length = 0, result = -1;
        size_t i = pc;
        for (;;) {
            if (i >= n) {
                result = length;
                break;
            }
            const Instruction &ins = f.code[i];
            ++length;
            if (ins.flow == Flow::kIndirect) {
                error(WSP_ERR_PTX, ins.line, "'" + ins.opcode + "': indirect branches are not followed");
                result = -2;
                break;
            }
            if (ins.flow == Flow::kNone) {
                ++i;
                continue;
            }
            if (ins.flow == Flow::kReturn && !ins.guarded) {
                result = length;
                break;
            }
            int64_t best = -1;
            for (int taken = 0; taken < 2; ++taken) {
                if (!ins.guarded && taken == 0) continue;  // bra: only its target
                if (taken == 1 && ins.flow == Flow::kReturn) {
                    best = best > 0 ? best : 0;
                    continue;
                }
                std::vector<uint32_t> next = count;
                const size_t to = taken ? ins.target : i + 1;
                if (!step(i, to, next)) continue;
                const int64_t rest = longest(to, next);
                if (rest == -2) {
                    best = -2;
                    break;
                }
                if (rest > best) best = rest;
            }
            result = best < 0 ? best : length + best;
            break;
        }
        --depth;
        if (result != -2) memo[id] = result;
        return result;
    }

    bool worst() {
        const size_t n = f.code.size();
        for (size_t i = 0; i < n; ++i)
            if (f.code[i].flow == Flow::kBranch && f.code[i].target <= i) back.push_back({i, f.code[i].target});
        std::vector<uint32_t> count(back.size(), 0);
        const int64_t total = longest(0, count);
        if (total == -2) return false;
        if (total < 0) return error(WSP_ERR_PTX, f.line, "worst path: no path reaches ret within the loop bound");
        if (static_cast<uint64_t>(total) > limit)
            return error(WSP_ERR_RANGE, f.line, "the worst path has " + std::to_string(total) +
                                                    " instructions, more than max_instructions");
        // Rebuild it: at each conditional branch take the side with the longer rest (ties: fall through).
        size_t pc = 0;
        while (pc < n) {
            const Instruction &ins = f.code[pc];
            if (!emit(pc)) return false;
            if (ins.flow == Flow::kNone) {
                ++pc;
                continue;
            }
            if (ins.flow == Flow::kReturn && !ins.guarded) break;
            if (ins.guarded) ++conditional;
            int64_t best = -1;
            size_t best_to = n + 1;
            std::vector<uint32_t> best_count;
            for (int taken = 0; taken < 2; ++taken) {
                if (!ins.guarded && taken == 0) continue;
                std::vector<uint32_t> next = count;
                size_t to = taken ? ins.target : pc + 1;
                int64_t rest = 0;
                if (taken == 1 && ins.flow == Flow::kReturn) {
                    to = n;
                } else {
                    if (!step(pc, to, next)) continue;
                    rest = longest(to, next);
                }
                if (rest > best) {
                    best = rest;
                    best_to = to;
                    best_count = next;
                }
            }
            if (best < 0) return error(WSP_ERR_INTERNAL, ins.line, "worst path: lost the path while rebuilding it");
            pc = best_to;
            count = best_count;
        }
        return true;
    }
};

void copy_text(char *to, size_t capacity, const std::string &from) {
    if (capacity == 0) return;
    const size_t n = from.size() < capacity - 1 ? from.size() : capacity - 1;
    std::memcpy(to, from.data(), n);
    to[n] = '\0';
}

// The input an error is about: the text (WSP_ERR_PTX, a NULL text), an option (WSP_ERR_RANGE: a path
// word, a flow mode, max_instructions or the loop count exceeded), the kernel buffer.
uint32_t field_of(wsp_status status) {
    switch (status) {
        case WSP_ERR_PTX:
        case WSP_ERR_NULL_ARGUMENT: return WSP_FIELD_PTX;
        case WSP_ERR_RANGE: return WSP_FIELD_PTX_OPTIONS;
        case WSP_ERR_WORKSPACE_SIZE: return WSP_FIELD_OUTPUT;
        default: return WSP_FIELD_NONE;
    }
}

wsp_status finish(const Failure &failure, wsp_host_ptx_report *report, wsp_diag *diag) {
    const uint32_t line = failure.line > UINT32_MAX ? UINT32_MAX : static_cast<uint32_t>(failure.line);
    const std::string m = failure.line != 0 ? "line " + std::to_string(failure.line) + ": " + failure.message
                                            : failure.message;
    if (report != nullptr) {
        report->line = line;
        copy_text(report->message, sizeof report->message, m);
    }
    if (diag != nullptr) {
        wsp::DiagScope scope(diag, failure.status, field_of(failure.status));
        scope.line(line);
        copy_text(diag->message, sizeof diag->message, m);
    }
    return failure.status;
}

wsp_status read(const char *text, size_t length, const wsp_host_ptx_options &options, char *kernel, size_t capacity,
                wsp_host_ptx_report *report, wsp_diag *diag) {
    Failure failure;
    std::vector<Function> functions;
    Scanner scanner(text, length, failure);
    if (!scanner.run(functions)) return finish(failure, report, diag);
    std::vector<const Function *> entries;
    for (const Function &f : functions)
        if (f.entry) entries.push_back(&f);
    if (report != nullptr) report->entries = static_cast<uint32_t>(entries.size());
    std::string names;
    for (const Function *f : entries) names += (names.empty() ? "" : ", ") + f->name;
    const Function *chosen = nullptr;
    const std::string wanted = options.entry != nullptr ? options.entry : "";
    if (entries.empty()) {
        failure = {WSP_ERR_PTX, 0, "no .entry function in the PTX (empty, or only .func)"};
        return finish(failure, report, diag);
    }
    if (wanted.empty()) {
        if (entries.size() > 1) {
            failure = {WSP_ERR_PTX, 0, std::to_string(entries.size()) + " .entry functions (" + names +
                                           "): name one (--entry)"};
            return finish(failure, report, diag);
        }
        chosen = entries[0];
    } else {
        for (const Function *f : entries)
            if (f->name == wanted) chosen = f;
        if (chosen == nullptr) {
            failure = {WSP_ERR_PTX, 0, "no .entry named '" + shorten(wanted) + "' (the entries: " + names + ")"};
            return finish(failure, report, diag);
        }
    }
    // Resolve branch targets.
    Function f = *chosen;
    for (Instruction &ins : f.code) {
        if (ins.flow != Flow::kBranch) continue;
        auto at = f.labels.find(ins.label);
        if (at == f.labels.end()) {
            failure = {WSP_ERR_PTX, ins.line, "'" + ins.opcode + "' to '" + shorten(ins.label) +
                                                   "', which is no label of .entry " + f.name};
            return finish(failure, report, diag);
        }
        ins.target = at->second;
    }
    if (report != nullptr) copy_text(report->entry, sizeof report->entry, f.name);
    if (f.code.empty()) {
        failure = {WSP_ERR_PTX, f.line, ".entry '" + f.name + "' has no instructions"};
        return finish(failure, report, diag);
    }
    if (options.flow > WSP_HOST_PTX_WORST) {
        failure = {WSP_ERR_RANGE, 0, "unknown flow mode " + std::to_string(options.flow)};
        return finish(failure, report, diag);
    }
    Walk walk{f, options, options.loop == 0 ? 1u : options.loop,
              options.max_instructions == 0 ? kDefaultMaxInstructions : options.max_instructions, failure, {}, {}, 0,
              {}, {}, 0};
    const bool ok = options.flow == WSP_HOST_PTX_WORST ? walk.worst() : walk.straight(options.flow);
    if (!ok) return finish(failure, report, diag);

    // Kernel string with repeat counts, the mix, the unclassified opcodes.
    std::string out;
    uint64_t mix[WSP_UNIT_COUNT] = {0, 0, 0, 0};
    const char units[] = "LCSD";
    std::string unknown;
    uint32_t unknown_count = 0;
    std::vector<std::string> seen;
    for (size_t i = 0; i < walk.letters.size();) {
        size_t j = i;
        while (j < walk.letters.size() && walk.letters[j] == walk.letters[i]) ++j;
        if (!out.empty()) out += ' ';
        out += walk.letters[i];
        out += std::to_string(j - i);
        i = j;
    }
    for (size_t i = 0; i < walk.letters.size(); ++i) {
        mix[std::strchr(units, walk.letters[i]) - units]++;
        const Instruction &ins = f.code[walk.lines[i]];
        if (ins.known) continue;
        ++unknown_count;
        bool again = false;
        for (const std::string &s : seen) again = again || s == ins.opcode;
        if (again) continue;
        seen.push_back(ins.opcode);
        unknown += (unknown.empty() ? "" : ", ") + ins.opcode + " (line " + std::to_string(ins.line) + ")";
    }
    if (report != nullptr) {
        for (int u = 0; u < WSP_UNIT_COUNT; ++u) report->mix[u] = mix[u];
        report->instructions = walk.letters.size();
        report->kernel_length = out.size();
        report->conditional_branches = walk.conditional;
        report->unclassified = unknown_count;
        if (unknown.size() >= sizeof report->unclassified_list) unknown = unknown.substr(0, sizeof report->unclassified_list - 4) + "...";
        copy_text(report->unclassified_list, sizeof report->unclassified_list, unknown);
    }
    if (kernel == nullptr && capacity == 0) return wsp::ok(diag);
    if (kernel == nullptr || capacity < out.size() + 1) {
        failure = {WSP_ERR_WORKSPACE_SIZE, 0, "the kernel buffer holds " + std::to_string(capacity) + " bytes; " +
                                                  std::to_string(out.size() + 1) + " are needed"};
        return finish(failure, report, diag);
    }
    std::memcpy(kernel, out.c_str(), out.size() + 1);
    return wsp::ok(diag);
}

}  // namespace

extern "C" wsp_status wsp_host_ptx_read(const char *text, size_t length, const wsp_host_ptx_options *options,
                                        char *kernel, size_t capacity, wsp_host_ptx_report *report, wsp_diag *diag) {
    if (report != nullptr) std::memset(report, 0, sizeof *report);
    wsp::ok(diag);
    if (text == nullptr && length > 0) {
        Failure f{WSP_ERR_NULL_ARGUMENT, 0, "text is NULL"};
        return finish(f, report, diag);
    }
    if (options != nullptr) {
        wsp_diag reserved;
        const wsp_status st = wsp::check_reserved(options->reserved, 1, "the PTX options", &reserved);
        if (st != WSP_OK) {
            if (report != nullptr) copy_text(report->message, sizeof report->message, reserved.message);
            if (diag != nullptr) *diag = reserved;
            return st;
        }
    }
    wsp_host_ptx_options defaults;
    std::memset(&defaults, 0, sizeof defaults);
    return read(text != nullptr ? text : "", length, options != nullptr ? *options : defaults, kernel, capacity,
                report, diag);
}
