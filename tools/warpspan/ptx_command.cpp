// `warpspan ptx FILE.ptx`: the whole kernel of one .entry (lib/host/ptx: every path, a diverged warp
// running both sides of a branch, every loop at its bound, expansions). Without analysis flags it
// reports the CFG, the counts of the serialised worst warp, the longest path, the expansions, mapped
// unknown opcodes and the resources. With analysis flags (--warps, --method, --arch, ...) it adds the
// proven upper bound for the kernel (warps on different paths: count-only bounds over the per-type
// maxima) and runs the main command on the longest path, labelled as the analysis of that one
// execution. --path and --prefix analyse one path or the straight-line prefix only, and say so in
// every output.
#include <fstream>
#include <sstream>

#include "analysis_command.hpp"
#include "commands.hpp"
#include "host/ptx/cfg_export.hpp"
#include "plural.hpp"
#include "tool_identity.hpp"

namespace wsp_cli {
namespace {

using wsp::ptx::Scope;
using Layout = JsonWriter::Layout;

const char kUnits[] = "LCSD";

bool read_text(const std::string &path, const std::string &origin, std::string &out, Failure &failure) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream buffer;
    if (in) buffer << in.rdbuf();
    if (!in || in.bad()) return failure = cli_failure(ExitCode::kInput, origin, "cannot read '" + path + "'", "path"), false;
    out = buffer.str();
    return true;
}

// "NAME:LINE: what" from the loop-bound parser as a Failure with the origin NAME:LINE.
Failure bound_failure(ExitCode exit, const std::string &error) {
    const size_t colon = error.find(": ");
    return cli_failure(exit, colon == std::string::npos ? "" : error.substr(0, colon),
                       colon == std::string::npos ? error : error.substr(colon + 2), "ptx_options");
}

bool options_from_args(const ParsedArgs &a, wsp::ptx::Options &o, std::string &path_text, Failure &failure) {
    if (a.given(Flag::kEntry)) o.entry = a.text(Flag::kEntry);
    if (a.given(Flag::kPath)) {
        path_text = a.text(Flag::kPath);
        for (const Branch b : a.choices<Branch>(Flag::kPath)) o.path.push_back(b == Branch::kTaken || b == Branch::kT);
    }
    o.scope = a.given(Flag::kPath) ? Scope::kPath : a.given(Flag::kPrefix) ? Scope::kPrefix : Scope::kKernel;
    std::string error;
    for (const std::string &v : a[Flag::kLoopBound].texts) {
        if (!wsp::ptx::parse_loop_bounds(v, "--loop-bound", o.loop_bounds, error))
            return failure = bound_failure(ExitCode::kUsage, error), failure.origin = "--loop-bound", false;
        o.loop_bounds.back().origin = "--loop-bound " + v;
    }
    if (a.given(Flag::kLoopBounds)) {
        std::string text;
        if (!read_text(a.text(Flag::kLoopBounds), "--loop-bounds", text, failure)) return false;
        if (!wsp::ptx::parse_loop_bounds(text, a.text(Flag::kLoopBounds), o.loop_bounds, error))
            return failure = bound_failure(ExitCode::kInput, error), false;
    }
    if (a.given(Flag::kUnknownOpcode)) o.unknown_unit = static_cast<int>(a.number(Flag::kUnknownOpcode));
    // The expansion table: --expansion-arch, else the analysis's --arch, else the file's .target.
    o.arch = a.given(Flag::kExpansionArch) ? a.text(Flag::kExpansionArch) : a.given(Flag::kArch) ? a.text(Flag::kArch) : "";
    return !a.given(Flag::kPtxasInfo) || read_text(a.text(Flag::kPtxasInfo), "--ptxas-info", o.ptxas_info, failure);
}

// Analysis flags: any flag of the main command other than the output switches.
bool wants_analysis(const ParsedArgs &a) {
    for (const FlagSpec *f : flags_of(Command::kAnalyse))
        if (f->belongs_to(Command::kPtx) && a.given(f->id) && f->id != Flag::kJson && f->id != Flag::kQuiet &&
            f->id != Flag::kHelp)
            return true;
    return false;
}

std::string mix_text(const uint64_t mix[WSP_UNIT_COUNT]) {
    std::string s;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) s += (u ? ", " : "") + std::string(1, kUnits[u]) + " " + std::to_string(mix[u]);
    return s;
}

std::string lines_text(const std::vector<size_t> &lines) {
    std::string s;
    for (size_t i = 0; i < lines.size(); ++i) s += (i ? ", " : "") + std::to_string(lines[i]);
    return s;
}

// Everything the outputs show.
struct PtxReport {
    std::string file, path_text, cfg_base, kernel;
    wsp::ptx::Result r;
    uint64_t path_mix[WSP_UNIT_COUNT] = {0, 0, 0, 0};
    bool analysis = false;
    wsp::ptx::KernelBound bound;
    std::vector<wsp::ptx::KernelBound> per_config;
    std::string uncertain;
    AnalysisRun run;
};

void mix_json(JsonWriter &j, const char *name, const uint64_t mix[WSP_UNIT_COUNT]) {
    j.key(name).begin_object(Layout::kInline);
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) j.member(std::string(1, kUnits[u]), mix[u]);
    j.end_object();
}

std::string ptx_json(const PtxReport &p) {
    const wsp::ptx::Result &r = p.r;
    JsonWriter j;
    j.begin_object();
    write_identity(j);
    j.member("time_unit", "cycles").member("file", p.file).member("entry", r.entry).member("entries", r.entries);
    j.member("target", r.target).member("expansion_arch", r.arch).member("scope", wsp::ptx::scope_name(r.scope));
    j.member("whole_kernel", r.scope == Scope::kKernel);
    if (r.scope == Scope::kPath) j.member("path_choices", p.path_text);
    j.member("ptx_instructions", r.ptx_instructions).member("blocks", r.blocks.size());
    j.key("loops").begin_array(Layout::kInline);
    for (const wsp::ptx::Loop &l : r.loops)
        j.begin_object().member("label", l.label).member("line", l.line).member("bound", l.bound).member("source", l.source).end_object();
    j.end_array();
    if (r.scope == Scope::kKernel) {
        j.key("serialised").begin_object(Layout::kInline).member("instructions", r.serialised_length);
        mix_json(j, "mix", r.serialised_mix);
        j.end_object();
    }
    j.key("path").begin_object(Layout::kInline);
    j.member("what", r.scope == Scope::kKernel ? "longest path" : r.scope == Scope::kPath ? "the path given" : "prefix");
    j.member("kernel", p.kernel).member("instructions", wsp::ptx::letters_length(r.path));
    j.member("ptx_instructions", r.path_ptx_instructions);
    mix_json(j, "mix", p.path_mix);
    j.member("blocks", r.path_blocks.size()).member("conditional_branches", r.conditional_branches).end_object();
    j.key("expansions").begin_array(Layout::kInline);
    for (const wsp::ptx::ExpansionUse &e : r.expansions) {
        j.begin_object().member("opcode", e.opcode).key("lines").begin_array();
        for (const size_t line : e.lines) j.unsigned_integer(line);
        j.end_array().member("expansion", wsp::ptx::letters_text(e.letters)).member("source", e.source).end_object();
    }
    j.end_array().key("mapped_unknown").begin_array(Layout::kInline);
    for (const wsp::ptx::Mapped &m : r.mapped)
        j.begin_object().member("line", m.line).member("opcode", m.opcode).member("unit", std::string(1, kUnits[m.unit])).end_object();
    j.end_array();
    const wsp::ptx::Resources &res = r.resources;
    j.key("resources").begin_object(Layout::kInline).key("registers_declared").begin_object();
    j.member("pred", res.registers_declared[0]).member("b16", res.registers_declared[1]);
    j.member("b32", res.registers_declared[2]).member("b64", res.registers_declared[3]);
    j.member("words32", res.register_words).end_object();
    j.member("shared_static_bytes", res.shared_static).member("shared_dynamic", res.shared_dynamic);
    j.member("local_bytes", res.local_bytes);
    j.key("maxntid").begin_array().unsigned_integer(res.maxntid[0]).unsigned_integer(res.maxntid[1]).unsigned_integer(res.maxntid[2]).end_array();
    j.key("reqntid").begin_array().unsigned_integer(res.reqntid[0]).unsigned_integer(res.reqntid[1]).unsigned_integer(res.reqntid[2]).end_array();
    j.member("minnctapersm", res.minnctapersm).key("ptxas");
    if (res.ptxas_registers < 0) {
        j.null();
    } else {
        j.begin_object().member("arch", res.ptxas_arch).member("registers", res.ptxas_registers);
        j.member("shared_bytes", res.ptxas_shared).member("stack_bytes", res.ptxas_stack);
        j.member("spill_stores", res.ptxas_spill_stores).member("spill_loads", res.ptxas_spill_loads);
        j.member("barriers", res.ptxas_barriers).end_object();
    }
    j.end_object();
    if (!p.cfg_base.empty())
        j.key("cfg_files").begin_array(Layout::kInline).string(p.cfg_base + ".pws").string(p.cfg_base + ".csv").end_array();
    if (p.analysis) {
        j.key("kernel_bound");
        if (r.scope != Scope::kKernel) {
            j.null();
        } else {
            j.begin_object(Layout::kInline).member("upper", p.bound.upper).member("proven", true);
            j.member("warps", p.run.settings.request.warps);
            j.member("what", "every execution of the kernel: warps on different paths, branches serialised, loops at their bounds");
            j.key("terms").begin_object();
            for (const wsp::ptx::BoundTerm &t : p.bound.terms) j.member(t.name, t.value);
            j.end_object().member("configurations", p.per_config.size()).member("uncertain", p.uncertain).end_object();
        }
        j.key("path_analysis").begin_object().member(
            "applies_to", r.scope == Scope::kKernel ? "every warp taking the longest path only, its instructions in PTX "
                                                      "order (a lower bound for that execution, not for the kernel)"
                          : r.scope == Scope::kPath ? "every warp taking the path given only, its instructions in PTX order"
                                                    : "the straight-line prefix only, its instructions in PTX order");
        j.key("result").begin_object();
        analysis_json(j, p.run);
        j.end_object().end_object();
    }
    return j.end_object().text();
}

std::string ptx_text(const PtxReport &p) {
    const wsp::ptx::Result &r = p.r;
    std::ostringstream o;
    o << "ptx           " << p.file << ", .entry " << r.entry << " (" << plural(r.entries, "entry", "entries")
      << " in the file), .target " << (r.target.empty() ? "?" : r.target) << ", expansions for "
      << (r.arch.empty() ? "?" : r.arch) << "\n"
      << "scope         "
      << (r.scope == Scope::kKernel ? "whole kernel: every path, diverged branches serialised, every loop at its bound"
          : r.scope == Scope::kPath ? "ONE PATH ONLY (--path " + p.path_text + "): not the whole kernel"
                                    : "STRAIGHT-LINE PREFIX ONLY (--prefix): not the whole kernel")
      << "\n"
      << "cfg           " << plural(r.blocks.size(), "block", "blocks") << ", " << plural(r.loops.size(), "loop", "loops")
      << ", PTX instructions " << r.ptx_instructions << " (the entry and the .func bodies it calls)\n";
    for (const wsp::ptx::Loop &l : r.loops)
        o << "loop          " << l.label << " (line " << l.line << "): "
          << (l.bound ? "at most " + std::to_string(l.bound) + " runs of its header per entry (" + l.source + ")"
                      : std::string("no bound (not needed outside the kernel scope)"))
          << "\n";
    if (r.scope == Scope::kKernel)
        o << "serialised    " << r.serialised_length << " instructions at most for any warp: " << mix_text(r.serialised_mix)
          << "   (both sides of every branch, loops at their bounds)\n";
    o << (r.scope == Scope::kKernel ? "longest path  " : r.scope == Scope::kPath ? "path          " : "prefix        ")
      << wsp::ptx::letters_length(r.path) << " instructions (" << r.path_ptx_instructions << " PTX, "
      << plural(r.path_blocks.size(), "block", "blocks") << ", "
      << plural(r.conditional_branches, "conditional branch", "conditional branches") << "): " << mix_text(p.path_mix)
      << "\n"
      << "kernel        " << p.kernel << "\n";
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
      << " pred; ptxas allocates fewer); .shared " << res.shared_static << " bytes" << (res.shared_dynamic ? " + dynamic" : "")
      << "; .local " << res.local_bytes << " bytes\n";
    if (res.ptxas_registers >= 0)
        o << "ptxas         " << res.ptxas_arch << ": " << res.ptxas_registers << " registers, " << res.ptxas_shared
          << " bytes smem, " << res.ptxas_stack << " bytes stack, spills " << res.ptxas_spill_stores << "/"
          << res.ptxas_spill_loads << ", " << res.ptxas_barriers << " barriers\n";
    if (!p.cfg_base.empty()) o << "cfg files     " << p.cfg_base << ".pws, " << p.cfg_base << ".csv\n";
    if (!p.analysis) return o.str();
    o << "\n";
    if (r.scope == Scope::kKernel) {
        o << "whole kernel: T(" << p.run.settings.request.warps << ") <= " << p.bound.upper
          << "   proven for every execution (warps on different paths, branches serialised, loops at their bounds)\n"
          << "  bound         min of";
        for (const wsp::ptx::BoundTerm &t : p.bound.terms) o << " " << t.name << " " << t.value << ",";
        o << " on the serialised counts (docs/ptx.md)\n";
        if (p.per_config.size() > 1) {
            o << "  preset        the worst over " << p.per_config.size() << " plausible readings of "
              << p.run.settings.problem.arch->value << " (" << p.uncertain << "):";
            for (const wsp::ptx::KernelBound &b : p.per_config) o << " " << b.upper;
            o << "\n";
        }
        o << "\nIF EVERY WARP TAKES THE LONGEST PATH (one execution, its instructions in PTX order; its lower bound is "
             "not the kernel's):\n";
    } else {
        o << (r.scope == Scope::kPath ? "ONE PATH ONLY (--path " + p.path_text +
                                            "): the analysis below holds for warps that all take it, its instructions in "
                                            "PTX order\n"
                                      : std::string("STRAIGHT-LINE PREFIX ONLY (--prefix): the analysis below holds for that "
                                                    "prefix, its instructions in PTX order\n"));
    }
    return o.str() + analysis_text(p.run);
}

}  // namespace

bool ptx_command(const ParsedArgs &a, ExitCode &exit, Failure &failure) {
    PtxReport p;
    p.file = a.operands[0];
    wsp::ptx::Options options;
    if (!options_from_args(a, options, p.path_text, failure)) return false;
    // --write-cfg's two files, opened before any work.
    OutputFile cfg_pws, cfg_csv;
    if (a.given(Flag::kWriteCfg)) {
        p.cfg_base = a.text(Flag::kWriteCfg);
        if (!cfg_pws.open(p.cfg_base + ".pws", "--write-cfg", failure) || !cfg_csv.open(p.cfg_base + ".csv", "--write-cfg", failure))
            return false;
    }
    std::string text;
    if (!read_text(p.file, "FILE.ptx", text, failure)) return false;
    wsp::ptx::Failure f;
    if (!wsp::ptx::read_ptx(text.data(), text.size(), options, p.r, f)) {
        failure = cli_failure(ExitCode::kInput, p.file + (f.line ? ":" + std::to_string(f.line) : std::string()), f.message, "ptx");
        failure.status = wsp_status_name(f.status == WSP_OK ? WSP_ERR_PTX : f.status);
        failure.line = static_cast<uint32_t>(f.line);
        return false;
    }
    p.kernel = wsp::ptx::letters_text(p.r.path);
    wsp::ptx::letters_mix(p.r.path, p.path_mix);
    if (p.kernel.empty()) return failure = cli_failure(ExitCode::kInput, p.file, "the analysed code has no instructions", "ptx"), false;
    p.analysis = wants_analysis(a);
    const Sourced<std::string> kernel{p.kernel, p.file, 0};
    ProblemInput problem;
    if (p.analysis) {
        if (!run_analysis(a, &kernel, p.run, failure)) return false;
        problem = p.run.settings.problem;
    } else if (!problem_from_args(a, false, &kernel, problem, failure)) {
        problem.warps = Sourced<uint32_t>{1, "default", 0};  // --write-cfg: one warp unless --warps says
    }
    if (!p.cfg_base.empty()) {
        std::ostringstream pws, csv;
        wsp::ptx::write_cfg_files(p.r, p.file, problem.sm(), problem.warps->value, pws, csv);
        if (!cfg_pws.write(pws.str(), failure) || !cfg_pws.commit(failure) || !cfg_csv.write(csv.str(), failure) ||
            !cfg_csv.commit(failure))
            return false;
    }
    if (p.analysis && p.r.scope == Scope::kKernel) {
        // The proven bound for the whole kernel, over every plausible reading of a preset.
        std::vector<wsp_sm_config> configs{p.run.analysis.sm};
        if (problem.arch) {
            const wsp::host::ArchPreset &preset = *wsp::host::find_arch_preset(problem.arch->value);
            configs = wsp::host::plausible_configs(preset, p.run.analysis.sm, problem.units_from_preset);
            p.uncertain = wsp::host::uncertain_text(preset, problem.units_from_preset);
        }
        std::string error;
        if (!wsp::ptx::kernel_bound_over(p.r, problem.warps->value, configs, p.bound, p.per_config, error))
            return failure = cli_failure(ExitCode::kInput, "problem", "the kernel's bound: " + error), false;
    }
    exit = p.analysis ? analysis_exit(p.run) : ExitCode::kOk;
    return write_stream(stdout, a.given(Flag::kJson) ? ptx_json(p) : ptx_text(p), "stdout", failure);
}

}  // namespace wsp_cli
