// Declared resources and `ptxas -v`. See resources.hpp.
#include "host/ptx/resources.hpp"

#include <cstdlib>

namespace wsp {
namespace ptx {

namespace {

// Bytes of one element of a PTX type (.b8 .. .b64, .u16, .f32, .pred, ...); 0 when unknown.
uint64_t type_bytes(const std::string &t) {
    if (t == ".pred") return 0;
    std::string digits;
    for (char c : t)
        if (c >= '0' && c <= '9') digits += c;
    if (digits.empty()) return 0;
    return std::strtoull(digits.c_str(), nullptr, 10) / 8;
}

// The element type and the element count of "... .b8 name[24][4]" or "... .u32 name".
void array_bytes(const std::string &decl, uint64_t &bytes, bool &unsized) {
    bytes = 0;
    unsized = false;
    uint64_t elem = 0;
    for (const std::string &w : split(decl, ' ')) {
        const std::string t = trim(w);
        if (t.size() > 1 && t[0] == '.' && type_bytes(t) > 0 && t != ".align") elem = type_bytes(t);
    }
    uint64_t count = 1;
    size_t at = decl.find('[');
    while (at != std::string::npos) {
        const size_t close = decl.find(']', at);
        const std::string inside = trim(decl.substr(at + 1, close == std::string::npos ? std::string::npos : close - at - 1));
        if (inside.empty()) unsized = true;
        else count *= std::strtoull(inside.c_str(), nullptr, 10);
        at = close == std::string::npos ? std::string::npos : decl.find('[', close);
    }
    bytes = elem * count;
}

// "%r<45>" -> 45, "%r1, %r2" -> 2, "%SP" -> 1.
uint64_t register_count(const std::string &names) {
    uint64_t n = 0;
    for (const std::string &part : split(names, ',')) {
        const std::string p = trim(part);
        if (p.empty()) continue;
        const size_t lt = p.find('<');
        n += lt == std::string::npos ? 1 : std::strtoull(p.c_str() + lt + 1, nullptr, 10);
    }
    return n;
}

void directive_numbers(const std::string &header, const char *name, uint32_t out[3]) {
    const size_t at = header.find(name);
    if (at == std::string::npos) return;
    const std::vector<std::string> parts = split(header.substr(at + std::string(name).size()), ',');
    for (size_t i = 0; i < 3 && i < parts.size(); ++i) {
        const std::string t = trim(parts[i]);
        if (t.empty() || t[0] < '0' || t[0] > '9') break;
        out[i] = static_cast<uint32_t>(std::strtoul(t.c_str(), nullptr, 10));
    }
}

void add_declaration(const std::string &d, Resources &r) {
    const std::string w = d.substr(0, d.find_first_of(" \t"));
    if (w == ".reg") {
        std::string rest = trim(d.substr(4));
        const size_t sp = rest.find_first_of(" \t");
        const std::string type = rest.substr(0, sp);
        const uint64_t n = register_count(sp == std::string::npos ? "" : rest.substr(sp));
        const uint64_t bytes = type_bytes(type);
        const int k = type == ".pred" ? 0 : bytes <= 2 ? 1 : bytes == 4 ? 2 : 3;
        r.registers_declared[k] += n;
        r.register_words += k == 0 ? 0 : k == 3 ? 2 * n : n;
        return;
    }
    uint64_t bytes = 0;
    bool unsized = false;
    array_bytes(d, bytes, unsized);
    if (d.find(".shared") != std::string::npos) {
        if (unsized || d.find(".extern") != std::string::npos) r.shared_dynamic = true;
        else r.shared_static += bytes;
    } else if (w == ".local") {
        r.local_bytes += bytes;
    }
}

}  // namespace

void declared_resources(const Module &module, const std::vector<const Function *> &functions, Resources &r) {
    for (const Declaration &d : module.declarations) add_declaration(d.text, r);
    for (const Function *f : functions)
        for (const Declaration &d : f->declarations) add_declaration(d.text, r);
    if (!functions.empty()) {
        directive_numbers(functions[0]->header, ".maxntid", r.maxntid);
        directive_numbers(functions[0]->header, ".reqntid", r.reqntid);
        uint32_t m[3] = {0, 0, 0};
        directive_numbers(functions[0]->header, ".minnctapersm", m);
        r.minnctapersm = m[0];
    }
}

bool ptxas_resources(const std::string &text, const std::string &entry, Resources &r, std::string &error) {
    const std::string mark = "Compiling entry function '" + entry + "'";
    size_t at = text.find(mark);
    if (at == std::string::npos) {
        error = "no \"" + mark + "\" in the ptxas output (was it made with ptxas -v from this PTX?)";
        return false;
    }
    const size_t arch = text.find("for '", at);
    const size_t line_end = text.find('\n', at);
    if (arch != std::string::npos && arch < line_end) r.ptxas_arch = text.substr(arch + 5, text.find('\'', arch + 5) - arch - 5);
    // The block runs to the next "Compiling" line.
    size_t end = text.find("Compiling", at + mark.size());
    if (end == std::string::npos) end = text.size();
    const std::string block = text.substr(at, end - at);
    auto number_before = [&](const std::string &word) -> int64_t {
        size_t p = block.find(word);
        if (p == std::string::npos) return -1;
        size_t e = p;
        while (e > 0 && block[e - 1] == ' ') --e;
        size_t b = e;
        while (b > 0 && block[b - 1] >= '0' && block[b - 1] <= '9') --b;
        return b == e ? -1 : std::strtoll(block.substr(b, e - b).c_str(), nullptr, 10);
    };
    r.ptxas_registers = number_before(" registers");
    r.ptxas_shared = number_before(" bytes smem");
    r.ptxas_stack = number_before(" bytes stack frame");
    r.ptxas_spill_stores = number_before(" bytes spill stores");
    r.ptxas_spill_loads = number_before(" bytes spill loads");
    r.ptxas_barriers = number_before(" barriers");
    if (r.ptxas_registers < 0) {
        error = "no \"Used N registers\" line for '" + entry + "' in the ptxas output";
        return false;
    }
    return true;
}

}  // namespace ptx
}  // namespace wsp
