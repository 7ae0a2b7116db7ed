// warpspan ptx FILE.ptx [--entry NAME] [--path t,n,...|--prefix] [--loop-bound LABEL=N ...]
//                       [--loop-bounds FILE] [--unknown-opcode=C|L|S|D] [--expansion-arch sm_XX]
//                       [--ptxas-info FILE] [--write-cfg BASE] [--json] [analysis flags]
// By default the WHOLE kernel is analysed (issue 17): every path, a diverged warp running both sides
// of a branch, every loop at its bound, instructions as the hardware runs them (expansions). Without
// analysis flags it reports the CFG, the counts of the serialised worst warp, the longest path, the
// expansions, the mapped unknowns and the resources. With analysis flags (--warps, --method, --units,
// --arch, ...) it adds the proven upper bound for the kernel (warps on different paths: count-only
// bounds over the per-type maxima, lib/host/ptx/kernel_bound.hpp) and runs the main command on the
// longest path, labelled as the analysis of that one execution. --path and --prefix analyse one path
// or the straight-line prefix only, and say so in every output.
#include "ptx_command.hpp"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

#include "arch_presets.hpp"
#include "host/ptx/kernel_bound.hpp"
#include "host/ptx/lexer.hpp"
#include "host/ptx/ptx.hpp"
#include "options.hpp"
#include "warpspan_host.h"

namespace wsp_cli {
namespace {

using wsp::ptx::Scope;

const char kUsage[] =
    "usage: warpspan ptx FILE.ptx [--entry NAME] [--path taken,not-taken,...|--prefix]\n"
    "                    [--loop-bound LABEL=N ...] [--loop-bounds FILE] [--unknown-opcode=C|L|S|D]\n"
    "                    [--expansion-arch sm_XX] [--ptxas-info FILE] [--write-cfg BASE] [--json]\n"
    "                    [analysis flags of warpspan: --warps W --method ... --units ... --arch ...]\n";
const char kUnits[] = "LCSD";

std::string json_text(const std::string &s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (static_cast<unsigned char>(c) < 0x20) {
            char u[8];
            std::snprintf(u, sizeof u, "\\u%04x", c);
            out += u;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

int fail(const std::string &message) {
    std::cerr << "warpspan: error: ptx: " << message << "\n";
    return 1;
}

bool read_text(const std::string &file, std::string &out) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return false;
    std::ostringstream buffer;
    buffer << in.rdbuf();
    out = buffer.str();
    return true;
}

std::string mix_text(const uint64_t mix[WSP_UNIT_COUNT]) {
    std::string s;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) s += (u ? ", " : "") + std::string(1, kUnits[u]) + " " + std::to_string(mix[u]);
    return s;
}

std::string scope_text(const wsp::ptx::Result &r, const std::string &path) {
    switch (r.scope) {
        case Scope::kKernel: return "whole kernel: every path, diverged branches serialised, every loop at its bound";
        case Scope::kPath: return "ONE PATH ONLY (--path " + path + "): not the whole kernel";
        case Scope::kPrefix: return "STRAIGHT-LINE PREFIX ONLY (--prefix): not the whole kernel";
        default: return "?";
    }
}

std::string lines_text(const std::vector<size_t> &lines) {
    std::string s;
    for (size_t i = 0; i < lines.size(); ++i) s += (i ? ", " : "") + std::to_string(lines[i]);
    return s;
}

// The per-block WCET for --write-cfg: the proven upper bound on the block's own string run by W
// identical warps on the SM (1 warp: the block's normalised length).
uint64_t block_wcet(const wsp_sm_config &sm, uint32_t warps, const wsp::ptx::Letters &letters) {
    if (letters.empty()) return 0;
    wsp::ptx::WarpFamily f;
    f.warps = warps;
    wsp::ptx::letters_mix(letters, f.max_count);
    wsp::ptx::KernelBound b;
    std::string error;
    return wsp::ptx::kernel_upper_bound(sm, f, b, error) ? b.upper : 0;
}

// Writes BASE.pws and BASE.csv: the CFG as it is (blocks, branches, reconvergence points; no BSBs),
// with the per-block string and WCET. Loops stay loops (their bounds in comments).
bool write_cfg(const std::string &base, const std::string &file, const wsp::ptx::Result &r, const wsp_sm_config &sm,
               uint32_t warps, std::string &error) {
    std::vector<bool> reconv(r.blocks.size(), false);
    for (const wsp::ptx::Block &b : r.blocks)
        if (b.conditional && b.ipdom != wsp::ptx::kExit) reconv[b.ipdom] = true;
    std::ofstream pws(base + ".pws"), csv(base + ".csv");
    if (!pws || !csv) {
        error = "--write-cfg: cannot write '" + base + ".pws' or '" + base + ".csv'";
        return false;
    }
    pws << "# warpspan ptx --write-cfg: " << file << ", .entry " << r.entry << ", " << r.blocks.size()
        << " blocks (ids in layout order, calls inlined; the exit is implicit)\n"
        << "# WCET per block: proven upper bound on T(" << warps << ") of the block's own string on this SM\n"
        << "# kinds: branch = ends in a conditional branch, reconv = immediate post-dominator of one; no BSBs\n";
    for (const wsp::ptx::Loop &l : r.loops)
        pws << "# loop " << l.header << " (" << l.label << ", line " << l.line << ") bound " << l.bound << ": "
            << l.source << "\n";
    csv << "wcet,is_bsb_node,is_reconv_node,successors,instructions,label,line\n";
    for (const wsp::ptx::Block &b : r.blocks) {
        const uint64_t wcet = block_wcet(sm, warps, b.letters);
        const char *kind = b.conditional ? "branch" : reconv[b.id] ? "reconv" : "block";
        pws << b.id << " " << kind << " " << wcet;
        std::string succ;
        for (uint32_t s : b.succ)
            if (s != wsp::ptx::kExit) {
                pws << (succ.empty() ? " -> " : " ") << s;
                succ += (succ.empty() ? "" : ";") + std::to_string(s);
            }
        pws << "   # " << (b.label.empty() ? "-" : b.label) << " line " << b.first_line << ": "
            << (b.letters.empty() ? "(empty)" : wsp::ptx::letters_text(b.letters)) << "\n";
        csv << wcet << ",0," << (reconv[b.id] ? 1 : 0) << "," << succ << "," << wsp::ptx::letters_text(b.letters) << ","
            << b.label << "," << b.first_line << "\n";
    }
    if (!pws || !csv) {
        error = "--write-cfg: writing '" + base + "' failed";
        return false;
    }
    return true;
}

}  // namespace

int ptx_main(const std::vector<std::string> &args) {
    std::string file, path_text, write_base, ptxas_file, expansion_arch;
    wsp::ptx::Options options;
    bool json = false, have_file = false, have_path = false, prefix = false;
    std::vector<std::string> rest;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        const std::string name = a.substr(0, a.find('='));
        auto value = [&](std::string &out) {
            if (a.size() > name.size()) {
                out = a.substr(name.size() + 1);
                return true;
            }
            if (i + 1 >= args.size()) return false;
            out = args[++i];
            return true;
        };
        std::string v;
        if (name == "--entry" || name == "--path" || name == "--loop-bound" || name == "--loop-bounds" ||
            name == "--unknown-opcode" || name == "--write-cfg" || name == "--ptxas-info" || name == "--expansion-arch") {
            if (!value(v)) return fail(name + " needs a value");
            if (name == "--entry") options.entry = v;
            if (name == "--path") {
                path_text = v;
                have_path = true;
                if (!v.empty())
                    for (std::string w : wsp::ptx::split(v, ',')) {
                        w = wsp::ptx::trim(w);
                        if (w == "taken" || w == "t") options.path.push_back(true);
                        else if (w == "not-taken" || w == "n") options.path.push_back(false);
                        else return fail("--path: '" + wsp::ptx::shorten(w) + "' is neither taken (t) nor not-taken (n)");
                    }
            }
            if (name == "--loop-bound") {
                std::string error;
                std::vector<wsp::ptx::LoopBound> one;
                if (!wsp::ptx::parse_loop_bounds(v, "--loop-bound", one, error))
                    return fail(error.substr(error.find(':', 13) + 2));
                one[0].origin = "--loop-bound " + v;
                for (const wsp::ptx::LoopBound &b : options.loop_bounds)
                    if (b.label == one[0].label) return fail("--loop-bound: loop '" + b.label + "' is bounded twice");
                options.loop_bounds.push_back(one[0]);
            }
            if (name == "--loop-bounds") {
                std::string text, error;
                if (!read_text(v, text)) return fail("cannot read '" + v + "'");
                if (!wsp::ptx::parse_loop_bounds(text, v, options.loop_bounds, error)) return fail(error);
            }
            if (name == "--unknown-opcode") {
                const char *u = v.size() == 1 ? std::strchr(kUnits, v[0]) : nullptr;
                if (u == nullptr || v[0] == '\0') return fail("--unknown-opcode: '" + v + "' is none of C, L, S, D");
                options.unknown_unit = static_cast<int>(u - kUnits);
            }
            if (name == "--write-cfg") {
                if (v.empty()) return fail("--write-cfg: empty file name");
                write_base = v;
            }
            if (name == "--ptxas-info") ptxas_file = v;
            if (name == "--expansion-arch") expansion_arch = v;
        } else if (a == "--prefix") {
            prefix = true;
        } else if (a == "--worst" || name == "--loop") {
            return fail(a + " was replaced (issue 17): the whole kernel is the default; bound each loop with "
                            "--loop-bound LABEL=N or --loop-bounds FILE");
        } else if (a == "--json") {
            json = true;
        } else if (a == "--help" || a == "-h") {
            std::cout << kUsage;
            return 0;
        } else if (!have_file && !a.empty() && a[0] != '-') {
            file = a;
            have_file = true;
        } else {
            rest.push_back(a);
        }
    }
    if (!have_file) return fail(std::string("no PTX file given\n") + kUsage);
    if (have_path && prefix) return fail("--path and --prefix exclude each other");
    options.scope = have_path ? Scope::kPath : prefix ? Scope::kPrefix : Scope::kKernel;
    // The expansion table: --expansion-arch, else the analysis's --arch, else the file's .target.
    for (size_t i = 0; i < rest.size() && expansion_arch.empty(); ++i) {
        if (rest[i].compare(0, 7, "--arch=") == 0) options.arch = rest[i].substr(7);
        else if (rest[i] == "--arch" && i + 1 < rest.size()) options.arch = rest[i + 1];
    }
    if (!expansion_arch.empty()) options.arch = expansion_arch;
    std::string text;
    if (!read_text(file, text)) return fail("cannot read '" + file + "'");
    if (!ptxas_file.empty() && !read_text(ptxas_file, options.ptxas_info)) return fail("cannot read '" + ptxas_file + "'");

    wsp::ptx::Result r;
    wsp::ptx::Failure f;
    if (!wsp::ptx::read_ptx(text.data(), text.size(), options, r, f))
        return fail(file + (f.line ? ":" + std::to_string(f.line) : std::string()) + ": " + f.message);
    const std::string kernel = wsp::ptx::letters_text(r.path);
    uint64_t path_mix[WSP_UNIT_COUNT];
    wsp::ptx::letters_mix(r.path, path_mix);
    const uint64_t path_length = wsp::ptx::letters_length(r.path);
    if (kernel.empty()) return fail(file + ": the analysed code has no instructions");

    // The SM and W for the analysis (and for --write-cfg's WCET): the main command's own parsing.
    Settings settings;
    bool analysis = !rest.empty();
    wsp_sm_config sm{};
    uint32_t warps = 1;
    if (analysis || !write_base.empty()) {
        std::vector<std::string> main_args{"--kernel", kernel};
        main_args.insert(main_args.end(), rest.begin(), rest.end());
        if (!analysis) main_args.insert(main_args.end(), {"--warps", "1"});
        Action action;
        Error error{kExitOk, ""};
        if (!parse_arguments(main_args, settings, action, error)) {
            std::cerr << "warpspan: error: " << error.message << "\n";
            return error.exit;
        }
        for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
            if (settings.units[u]) sm.units[u] = settings.units[u]->value;
            if (settings.latency[u]) sm.latency[u] = settings.latency[u]->value;
        }
        if (settings.warp_size) sm.warp_size = settings.warp_size->value;
        if (settings.schedulers) sm.schedulers = settings.schedulers->value;
        warps = settings.warps->value;
    }
    if (!write_base.empty()) {
        std::string error;
        if (!write_cfg(write_base, file, r, sm, warps, error)) return fail(error);
    }
    // The proven bound for the whole kernel, over every plausible reading of a preset.
    wsp::ptx::KernelBound bound;
    std::vector<wsp::ptx::KernelBound> per_config;
    std::vector<wsp_sm_config> configs{sm};
    std::string uncertain;
    if (analysis && r.scope == Scope::kKernel) {
        if (settings.arch) {
            const ArchPreset *p = find_arch_preset(settings.arch->value);
            bool from_preset[WSP_UNIT_COUNT];
            for (int u = 0; u < WSP_UNIT_COUNT; ++u)
                from_preset[u] = settings.units[u] && settings.units[u]->origin.find("arch") != std::string::npos;
            if (p != nullptr) {
                configs = plausible_configs(*p, sm, from_preset);
                uncertain = uncertain_text(*p, from_preset);
            }
        }
        wsp::ptx::WarpFamily family;
        family.warps = warps;
        for (int u = 0; u < WSP_UNIT_COUNT; ++u) family.max_count[u] = r.serialised_mix[u];
        for (const wsp_sm_config &c : configs) {
            wsp::ptx::KernelBound b;
            std::string error;
            if (!wsp::ptx::kernel_upper_bound(c, family, b, error)) return fail("the kernel's bound: " + error);
            per_config.push_back(b);
            if (b.upper > bound.upper || bound.terms.empty()) bound = b;
        }
    }

    // ---- JSON ----
    if (json) {
        std::ostringstream o;
        o << "{\"file\": " << json_text(file) << ", \"entry\": " << json_text(r.entry) << ", \"entries\": " << r.entries
          << ", \"target\": " << json_text(r.target) << ", \"expansion_arch\": " << json_text(r.arch)
          << ", \"scope\": \"" << wsp::ptx::scope_name(r.scope) << "\", \"whole_kernel\": "
          << (r.scope == Scope::kKernel ? "true" : "false");
        if (r.scope == Scope::kPath) o << ", \"path_choices\": " << json_text(path_text);
        o << ", \"ptx_instructions\": " << r.ptx_instructions << ", \"blocks\": " << r.blocks.size() << ", \"loops\": [";
        for (size_t i = 0; i < r.loops.size(); ++i)
            o << (i ? ", " : "") << "{\"label\": " << json_text(r.loops[i].label) << ", \"line\": " << r.loops[i].line
              << ", \"bound\": " << r.loops[i].bound << ", \"source\": " << json_text(r.loops[i].source) << "}";
        o << "]";
        if (r.scope == Scope::kKernel)
            o << ", \"serialised\": {\"instructions\": " << r.serialised_length << ", \"mix\": {\"L\": " << r.serialised_mix[0]
              << ", \"C\": " << r.serialised_mix[1] << ", \"S\": " << r.serialised_mix[2] << ", \"D\": " << r.serialised_mix[3]
              << "}}";
        o << ", \"path\": {\"what\": \""
          << (r.scope == Scope::kKernel ? "longest path" : r.scope == Scope::kPath ? "the path given" : "prefix")
          << "\", \"kernel\": " << json_text(kernel) << ", \"instructions\": " << path_length
          << ", \"ptx_instructions\": " << r.path_ptx_instructions << ", \"mix\": {\"L\": " << path_mix[0]
          << ", \"C\": " << path_mix[1] << ", \"S\": " << path_mix[2] << ", \"D\": " << path_mix[3]
          << "}, \"blocks\": " << r.path_blocks.size() << ", \"conditional_branches\": " << r.conditional_branches << "}";
        o << ", \"expansions\": [";
        for (size_t i = 0; i < r.expansions.size(); ++i) {
            const wsp::ptx::ExpansionUse &e = r.expansions[i];
            o << (i ? ", " : "") << "{\"opcode\": " << json_text(e.opcode) << ", \"lines\": [" << lines_text(e.lines)
              << "], \"expansion\": " << json_text(wsp::ptx::letters_text(e.letters)) << ", \"source\": " << json_text(e.source)
              << "}";
        }
        o << "], \"mapped_unknown\": [";
        for (size_t i = 0; i < r.mapped.size(); ++i)
            o << (i ? ", " : "") << "{\"line\": " << r.mapped[i].line << ", \"opcode\": " << json_text(r.mapped[i].opcode)
              << ", \"unit\": \"" << kUnits[r.mapped[i].unit] << "\"}";
        const wsp::ptx::Resources &res = r.resources;
        o << "], \"resources\": {\"registers_declared\": {\"pred\": " << res.registers_declared[0] << ", \"b16\": "
          << res.registers_declared[1] << ", \"b32\": " << res.registers_declared[2] << ", \"b64\": " << res.registers_declared[3]
          << ", \"words32\": " << res.register_words << "}, \"shared_static_bytes\": " << res.shared_static
          << ", \"shared_dynamic\": " << (res.shared_dynamic ? "true" : "false") << ", \"local_bytes\": " << res.local_bytes
          << ", \"maxntid\": [" << res.maxntid[0] << ", " << res.maxntid[1] << ", " << res.maxntid[2] << "], \"reqntid\": ["
          << res.reqntid[0] << ", " << res.reqntid[1] << ", " << res.reqntid[2] << "], \"minnctapersm\": " << res.minnctapersm
          << ", \"ptxas\": ";
        if (res.ptxas_registers < 0)
            o << "null";
        else
            o << "{\"arch\": " << json_text(res.ptxas_arch) << ", \"registers\": " << res.ptxas_registers
              << ", \"shared_bytes\": " << res.ptxas_shared << ", \"stack_bytes\": " << res.ptxas_stack
              << ", \"spill_stores\": " << res.ptxas_spill_stores << ", \"spill_loads\": " << res.ptxas_spill_loads
              << ", \"barriers\": " << res.ptxas_barriers << "}";
        o << "}";
        if (!write_base.empty()) o << ", \"cfg_files\": [" << json_text(write_base + ".pws") << ", " << json_text(write_base + ".csv") << "]";
        if (analysis) {
            o << ", \"kernel_bound\": ";
            if (r.scope != Scope::kKernel) {
                o << "null";
            } else {
                o << "{\"upper\": " << bound.upper << ", \"proven\": true, \"warps\": " << warps
                  << ", \"what\": \"every execution of the kernel: warps on different paths, branches serialised, loops at their bounds\""
                  << ", \"terms\": {";
                for (size_t i = 0; i < bound.terms.size(); ++i)
                    o << (i ? ", " : "") << json_text(bound.terms[i].name) << ": " << bound.terms[i].value;
                o << "}, \"configurations\": " << configs.size() << ", \"uncertain\": " << json_text(uncertain) << "}";
            }
            std::vector<std::string> main_args{"--kernel", kernel};
            main_args.insert(main_args.end(), rest.begin(), rest.end());
            main_args.push_back("--json");
            std::ostringstream captured;
            std::streambuf *const saved = std::cout.rdbuf(captured.rdbuf());
            const int status = analysis_main(main_args);
            std::cout.rdbuf(saved);
            if (status != 0) return status;
            std::string inner = captured.str();
            while (!inner.empty() && (inner.back() == '\n' || inner.back() == ' ')) inner.pop_back();
            o << ", \"path_analysis\": {\"applies_to\": "
              << json_text(r.scope == Scope::kKernel ? "every warp taking the longest path only (a lower bound for that execution, not for the kernel)"
                                                     : r.scope == Scope::kPath ? "every warp taking the path given only"
                                                                               : "the straight-line prefix only")
              << ", \"result\": " << inner << "}";
        }
        o << "}\n";
        std::cout << o.str();
        std::cout.flush();
        return std::cout ? 0 : 70;
    }

    // ---- text ----
    std::ostringstream o;
    o << "ptx           " << file << ", .entry " << r.entry << " (" << r.entries << (r.entries == 1 ? " entry" : " entries")
      << " in the file), .target " << (r.target.empty() ? "?" : r.target) << ", expansions for "
      << (r.arch.empty() ? "?" : r.arch) << "\n"
      << "scope         " << scope_text(r, path_text) << "\n"
      << "cfg           " << r.blocks.size() << " blocks, " << r.loops.size() << " loop(s), PTX instructions "
      << r.ptx_instructions << " (the entry and the .func bodies it calls)\n";
    for (const wsp::ptx::Loop &l : r.loops)
        o << "loop          " << l.label << " (line " << l.line << "): "
          << (l.bound ? "at most " + std::to_string(l.bound) + " runs of its header per entry (" + l.source + ")"
                      : std::string("no bound (not needed outside the kernel scope)"))
          << "\n";
    if (r.scope == Scope::kKernel)
        o << "serialised    " << r.serialised_length << " instructions at most for any warp: " << mix_text(r.serialised_mix)
          << "   (both sides of every branch, loops at their bounds)\n";
    o << (r.scope == Scope::kKernel ? "longest path  " : r.scope == Scope::kPath ? "path          " : "prefix        ")
      << path_length << " instructions (" << r.path_ptx_instructions << " PTX, " << r.path_blocks.size() << " blocks, "
      << r.conditional_branches << " conditional branch(es)): " << mix_text(path_mix) << "\n"
      << "kernel        " << kernel << "\n";
    if (r.expansions.empty()) o << "expansions    none\n";
    for (size_t i = 0; i < r.expansions.size(); ++i)
        o << (i ? "              " : "expansions    ") << r.expansions[i].opcode << " -> "
          << wsp::ptx::letters_text(r.expansions[i].letters) << " (line " << lines_text(r.expansions[i].lines) << ")\n";
    if (r.mapped.empty()) {
        o << "unknown       none\n";
    } else {
        o << "unknown       " << r.mapped.size() << " mapped by --unknown-opcode:";
        for (const wsp::ptx::Mapped &m : r.mapped) o << " " << m.opcode << " (line " << m.line << ") -> " << kUnits[m.unit] << ";";
        o << "\n";
    }
    const wsp::ptx::Resources &res = r.resources;
    o << "resources     .reg declared: " << res.register_words << " 32-bit words (" << res.registers_declared[2] << " b32, "
      << res.registers_declared[3] << " b64, " << res.registers_declared[1] << " b16, " << res.registers_declared[0]
      << " pred; ptxas allocates fewer); .shared " << res.shared_static << " bytes"
      << (res.shared_dynamic ? " + dynamic" : "") << "; .local " << res.local_bytes << " bytes\n";
    if (res.ptxas_registers >= 0)
        o << "ptxas         " << res.ptxas_arch << ": " << res.ptxas_registers << " registers, " << res.ptxas_shared
          << " bytes smem, " << res.ptxas_stack << " bytes stack, spills " << res.ptxas_spill_stores << "/"
          << res.ptxas_spill_loads << ", " << res.ptxas_barriers << " barriers\n";
    if (!write_base.empty()) o << "cfg files     " << write_base << ".pws, " << write_base << ".csv\n";
    if (!analysis) {
        std::cout << o.str();
        std::cout.flush();
        return std::cout ? 0 : 70;
    }
    std::vector<std::string> main_args{"--kernel", kernel};
    main_args.insert(main_args.end(), rest.begin(), rest.end());
    std::ostringstream captured;
    std::streambuf *const saved = std::cout.rdbuf(captured.rdbuf());
    const int status = analysis_main(main_args);
    std::cout.rdbuf(saved);
    if (status != 0) return status;  // the main command said why on stderr; nothing on stdout
    o << "\n";
    if (r.scope == Scope::kKernel) {
        o << "whole kernel: T(" << warps << ") <= " << bound.upper
          << "   proven for every execution (warps on different paths, branches serialised, loops at their bounds)\n"
          << "  bound         min of";
        for (const wsp::ptx::BoundTerm &t : bound.terms) o << " " << t.name << " " << t.value << ",";
        o << " on the serialised counts (docs/ptx.md)\n";
        if (configs.size() > 1) {
            o << "  preset        the worst over " << configs.size() << " plausible readings of " << settings.arch->value
              << " (" << uncertain << "):";
            for (const wsp::ptx::KernelBound &b : per_config) o << " " << b.upper;
            o << "\n";
        }
        o << "\nIF EVERY WARP TAKES THE LONGEST PATH (one execution; its lower bound is not the kernel's):\n";
    } else {
        o << (r.scope == Scope::kPath ? "ONE PATH ONLY (--path " + path_text + "): the analysis below holds for warps that all take it\n"
                                      : std::string("STRAIGHT-LINE PREFIX ONLY (--prefix): the analysis below holds for that prefix\n"));
    }
    o << captured.str();
    std::cout << o.str();
    std::cout.flush();
    return std::cout ? 0 : 70;
}

}  // namespace wsp_cli
