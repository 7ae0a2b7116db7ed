// warpspan ptx FILE.ptx [--entry NAME] [--path t,n,...|--loop K|--worst [--loop K]] [--json] [FLAGS]
// Without FLAGS it prints the kernel string, the unit mix and the unclassified instructions. Any other
// flag makes it an analysis: the main command runs on `--kernel "<string>" FLAGS`, so every main flag
// works (--warps, --method, --units, --schedulers, --arch, ...).
#define WSP_EXPERIMENTAL 1  // the PTX reader is experimental in 1.0
#include "ptx_command.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "warpspan_host.h"

namespace wsp_cli {
namespace {

const char kUsage[] =
    "usage: warpspan ptx FILE.ptx [--entry NAME] [--path taken,not-taken,...|--loop K|--worst [--loop K]]\n"
    "                    [--json] [analysis flags of warpspan: --warps W --method ... --units ...]\n";

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

const char *flow_name(uint32_t flow) {
    switch (flow) {
        case WSP_HOST_PTX_PREFIX: return "prefix";
        case WSP_HOST_PTX_PATH: return "path";
        case WSP_HOST_PTX_LOOP: return "loop";
        case WSP_HOST_PTX_WORST: return "worst";
    }
    return "?";
}

}  // namespace

int ptx_main(const std::vector<std::string> &args) {
    std::string file, entry, path;
    wsp_host_ptx_options options{};
    bool json = false, have_file = false, have_path = false, have_loop = false, worst = false;
    std::vector<std::string> rest;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        auto value = [&](const char *flag, std::string &out) {
            const std::string f = flag;
            if (a.compare(0, f.size() + 1, f + "=") == 0) {
                out = a.substr(f.size() + 1);
                return true;
            }
            if (i + 1 >= args.size()) return false;
            out = args[++i];
            return true;
        };
        const std::string name = a.substr(0, a.find('='));
        if (name == "--entry" || name == "--path" || name == "--loop") {
            std::string v;
            if (!value(name.c_str(), v)) return fail(name + " needs a value");
            if (name == "--entry") entry = v;
            if (name == "--path") {
                path = v;
                have_path = true;
            }
            if (name == "--loop") {
                char *end = nullptr;
                unsigned long k = std::strtoul(v.c_str(), &end, 10);
                if (v.empty() || *end != '\0' || v[0] == '-' || k < 1 || k > 1000000)
                    return fail("--loop: '" + v + "' is not a loop count 1..1000000");
                options.loop = static_cast<uint32_t>(k);
                have_loop = true;
            }
        } else if (a == "--worst") {
            worst = true;
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
    if (have_path && (worst || have_loop)) return fail("--path cannot go with --loop or --worst");
    options.flow = worst ? WSP_HOST_PTX_WORST : have_path ? WSP_HOST_PTX_PATH : have_loop ? WSP_HOST_PTX_LOOP : WSP_HOST_PTX_PREFIX;
    options.entry = entry.empty() ? nullptr : entry.c_str();
    options.path = path.c_str();

    std::ifstream in(file, std::ios::binary);
    if (!in) return fail("cannot read '" + file + "'");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();

    wsp_host_ptx_report report;
    wsp_diag diag;
    wsp_status s = wsp_host_ptx_read(text.data(), text.size(), &options, nullptr, 0, &report, &diag);
    std::string kernel(report.kernel_length + 1, '\0');
    if (s == WSP_OK) s = wsp_host_ptx_read(text.data(), text.size(), &options, &kernel[0], kernel.size(), &report, &diag);
    if (s != WSP_OK) return fail(file + ": " + (report.message[0] ? report.message : wsp_strerror(s)));
    kernel.resize(report.kernel_length);

    if (report.unclassified != 0)
        std::cerr << "warpspan: warning: ptx: " << report.unclassified
                  << " instruction(s) of an unknown opcode counted as C: " << report.unclassified_list << "\n";
    if (!rest.empty()) {  // an analysis of the kernel: the main command with all remaining flags
        std::vector<std::string> main_args{"--kernel", kernel};
        main_args.insert(main_args.end(), rest.begin(), rest.end());
        if (json) {
            main_args.push_back("--json");
            return analysis_main(main_args);
        }
        // The report, headed by where the kernel came from; nothing on stdout when the analysis fails.
        std::ostringstream captured;
        std::streambuf *const saved = std::cout.rdbuf(captured.rdbuf());
        const int status = analysis_main(main_args);
        std::cout.rdbuf(saved);
        if (status == 0)
            std::cout << "ptx           " << file << ", .entry " << report.entry << " (" << flow_name(options.flow)
                      << "): kernel " << kernel << "\n\n";
        std::cout << captured.str();
        std::cout.flush();
        return status != 0 ? status : std::cout ? 0 : 70;
    }
    static const char *const kFlowText[] = {"straight-line prefix to the first branch", "the path given",
                                            "each loop body run K times", "worst path over the CFG"};
    if (json) {
        std::cout << "{\"file\": " << json_text(file) << ", \"entry\": " << json_text(report.entry)
                  << ", \"entries\": " << report.entries << ", \"flow\": \"" << flow_name(options.flow) << "\""
                  << ", \"loop\": " << (options.loop == 0 ? 1 : options.loop) << ", \"kernel\": " << json_text(kernel)
                  << ", \"instructions\": " << report.instructions << ", \"mix\": {\"L\": " << report.mix[WSP_UNIT_L]
                  << ", \"C\": " << report.mix[WSP_UNIT_C] << ", \"S\": " << report.mix[WSP_UNIT_S]
                  << ", \"D\": " << report.mix[WSP_UNIT_D] << "}, \"conditional_branches\": "
                  << report.conditional_branches << ", \"unclassified\": " << report.unclassified
                  << ", \"unclassified_list\": " << json_text(report.unclassified_list) << "}\n";
    } else {
        std::cout << "ptx           " << file << ", .entry " << report.entry << " (" << report.entries
                  << (report.entries == 1 ? " entry" : " entries") << " in the file)\n"
                  << "flow          " << kFlowText[options.flow];
        if (options.flow == WSP_HOST_PTX_LOOP || options.flow == WSP_HOST_PTX_WORST)
            std::cout << " (K = " << (options.loop == 0 ? 1 : options.loop) << ")";
        std::cout << "; " << report.conditional_branches << " conditional branch(es) met\n"
                  << "kernel        " << kernel << "\n"
                  << "instructions  " << report.instructions << ": L " << report.mix[WSP_UNIT_L] << ", C "
                  << report.mix[WSP_UNIT_C] << ", S " << report.mix[WSP_UNIT_S] << ", D " << report.mix[WSP_UNIT_D]
                  << "\n"
                  << "unclassified  "
                  << (report.unclassified == 0 ? std::string("none") : std::to_string(report.unclassified) +
                                                                          " counted as C: " + report.unclassified_list)
                  << "\n";
    }
    std::cout.flush();
    return std::cout ? 0 : 70;
}

}  // namespace wsp_cli
