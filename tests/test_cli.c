/* Group: the command-line tool end to end: real output on the shipped example, the JSON contract,
 * and bad input of every kind, each with a clear message and a non-zero exit status. */
#define _POSIX_C_SOURCE 200809L
#include "test_util.h"

#include <ctype.h>
#include <fnmatch.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char tmpdir[256];

typedef struct cli_case {
    const char *name;
    const char *config;   /* written to a file passed as the first argument; NULL: none */
    const char *args;     /* the rest of the command line (shell words) */
    int exit_status;
    const char *in_stdout; /* NULL: not checked */
    const char *in_stderr;
    size_t config_size;    /* bytes of config to write; 0: strlen (set it for embedded NULs) */
} cli_case;

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    static char buf[1 << 16];
    size_t n = 0;
    buf[0] = '\0';
    if (f) {
        n = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
    }
    buf[n] = '\0';
    return buf;
}

static int run_cli(const char *config, size_t config_size, const char *args, char *out, size_t out_size, char *err,
                   size_t err_size) {
    char cmd[4096], cfg[512], o[512], e[512];
    snprintf(cfg, sizeof cfg, "%s/case.cfg", tmpdir);
    snprintf(o, sizeof o, "%s/stdout", tmpdir);
    snprintf(e, sizeof e, "%s/stderr", tmpdir);
    if (config) {
        FILE *f = fopen(cfg, "wb");
        assert_non_null(f);
        fwrite(config, 1, config_size ? config_size : strlen(config), f);
        fclose(f);
    }
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' %s %s >'%s' 2>'%s'", WSP_SOURCE_DIR, WSP_CLI,
             config ? cfg : "", args, o, e);
    int status = system(cmd);
    assert_true(WIFEXITED(status));
    snprintf(out, out_size, "%s", read_file(o));
    snprintf(err, err_size, "%s", read_file(e));
    return WEXITSTATUS(status);
}

static const cli_case cases[] = {
    {"voronoi", NULL, "examples/voronoi.cfg", 0, "NOT a safe bound here", NULL},
    {"design example", NULL, "--kernel LLL --units L=64 --warps 4 --method bound --json", 0,
     "\"paper\": 6, \"paper_safe\": false", NULL},
    {"key = value", "kernel = lcl\nwarp_number = 4 # four warps\n", "--json", 0, "\"upper\": 9", NULL},
    {"paper format with comments", "# Fig. 4\nkernel\nlcl\n\nwarp_number\n8\nls_unit_number\n16\n"
     "cuda_core_number\n32\nwarp_size\n32\n", "", 0, "LLCLL", NULL},
    {"flags override file", "kernel = L\nwarp_number = 4\n", "--kernel LC --warps 2 --json", 0,
     "\"kernel\": \"LC\", \"input_kernel\": \"LC\", \"warps\": 2", NULL},
    {"schedulers 0 means no limit", "kernel = L\nwarp_number = 2\nwarp_schedulers = 0\n", "", 0,
     "no limit", NULL},
    {"witness", NULL, "--kernel LCL --warps 4 --witness 1,1,2,2,3,3,1,2,3,4,4,4", 0,
     "witness schedule (makespan 9", NULL},
    {"witness json", NULL, "--kernel LCL --warps 4 --witness '1 1 2 2 3 3 1 2 3 4 4 4' --json", 0,
     "\"lower\": 9, \"validated\": true", NULL},
    {"help", NULL, "--help", 0, "usage: warpspan", NULL},
    {"version", NULL, "--version", 0, "warpspan 1.", NULL},
    /* bad input */
    {"empty file", "", "", 1, NULL, "no configuration keys"},
    {"only comments", "# nothing\n\n", "", 1, NULL, "no configuration keys"},
    {"garbage bytes", "\x7f\x45\x4c\x46\x01\x02", "", 1, NULL, "case.cfg:1: unknown key '\\x7fELF"},
    {"NUL bytes", "kernel\0\x01", "", 1, NULL, "not a text file", 8},
    {"unknown key", "kernel = L\ncolour = blue\n", "", 1, NULL, "case.cfg:2: unknown key 'colour'"},
    {"negative number", "kernel = L\nwarp_number = -3\n", "", 1, NULL,
     "case.cfg:2: warp_number: '-3' is not a non-negative integer"},
    {"huge number", "kernel = L\nwarp_number = 99999999999999999999999\n", "", 1, NULL,
     "case.cfg:2: warp_number"},
    {"too many warps", "kernel = L\nwarp_number = 100000\n", "", 1, NULL,
     "case.cfg:2: warp count 100000 is out of range (1..65536)"},
    {"zero units", "kernel = L\nwarp_number = 1\nls_unit_number = 0\n", "", 1, NULL,
     "case.cfg:3: ls_unit_number must be at least 1"},
    {"bad sigma in file", "kernel = L\nwarp_number = 1\nls_unit_number = 48\n", "", 1, NULL,
     "case.cfg:3: sigma of L = 48 load/store units (L) / warp size 32 is neither"},
    {"key without value", "kernel = L\nwarp_number\n", "", 1, NULL, "case.cfg:2: key 'warp_number' has no value line"},
    {"empty value", "kernel =\n", "", 1, NULL, "case.cfg:1: key 'kernel' has an empty value"},
    {"repeated key", "kernel = L\nkernel = C\n", "", 1, NULL, "case.cfg:2: key 'kernel' given again (first at line 1)"},
    {"foreign kernel char in file", "kernel = L5 X\nwarp_number = 2\n", "", 1, NULL,
     "case.cfg:1: unexpected character (expected L, C, S or D): 'X' at position 4"},
    {"foreign kernel char", NULL, "--kernel 'LXC' --warps 2", 1, NULL, "--kernel: unexpected character"},
    {"blank kernel", NULL, "--kernel ' ' --warps 2", 1, NULL, "no instruction"},
    {"empty kernel", NULL, "--kernel '' --warps 2", 64, NULL, "--kernel: empty value"},
    {"missing file", NULL, "/nonexistent/x.cfg", 1, NULL, "CONFIG: cannot read '/nonexistent/x.cfg'"},
    {"directory as file", NULL, "examples", 1, NULL, "examples"},
    {"no kernel", NULL, "--warps 2", 64, NULL, "no kernel"},
    {"no warps", NULL, "--kernel L", 64, NULL, "no warp count"},
    {"zero warps flag", NULL, "--kernel L --warps 0", 64, NULL, "--warps: '0' is out of range 1..65536"},
    {"bad units list", NULL, "--kernel L --warps 1 --units X=3", 64, NULL, "--units: 'X=3' is not KEY=N"},
    {"bad sigma flag", NULL, "--kernel L --warps 1 --units L=48", 1, NULL, "--units: sigma of L"},
    {"huge latency", NULL, "--kernel S --warps 1 --latency S=5000", 64, NULL, "--latency: S: '5000' is out of range 1..1024"},
    {"threads wrap around", NULL, "--kernel L --warps 1 --threads 4294967296", 64, NULL,
     "--threads: '4294967296' is out of range 1..4096"},
    {"table threads wrap around", NULL, "table --kernel L --warps 1 --threads 4294967297", 64, NULL,
     "--threads: '4294967297' is out of range 1..4096"},
    {"unknown option", NULL, "--kernel L --warps 1 --frobnicate", 64, NULL, "--frobnicate: unknown flag"},
    {"did you mean a flag", NULL, "--kernel L --wraps 1", 64, NULL, "--wraps: unknown flag; did you mean '--warps'?"},
    {"did you mean a command", NULL, "tabel --kernel L", 64, NULL, "unknown command 'tabel'; did you mean 'table'?"},
    {"did you mean a choice", NULL, "--kernel L --warps 1 --method exakt", 64, NULL, "did you mean 'exact'?"},
    {"missing value", NULL, "--kernel L --warps", 64, NULL, "--warps: needs a value (W)"},
    {"unknown method", NULL, "--kernel L --warps 1 --method magic", 64, NULL, "--method: unknown value 'magic'"},
    {"exact voronoi", NULL, "--kernel 'L5 C9 L2 C9' --units L=32,C=128 --schedulers 4 --warps 4 --method exact",
     0, "T(4) = 45 exactly.", NULL},
    {"exact json", NULL, "--kernel LCL --warps 4 --method exact --json", 0,
     "\"exact\": {\"status\": \"optimal\", \"stopped_by\": null, \"lower\": 9, \"upper\": 9", NULL},
    {"exact states budget", NULL,
     "--kernel 'L5 C9 L2 C9' --units L=32,C=128 --schedulers 4 --warps 6 --method exact --budget 5 --json", 0,
     "\"status\": \"budget\", \"stopped_by\": \"states\"", NULL},
    /* Three schedulers: with four, the run-entry bound settles T(16) in a moment (docs/bounds.md 5c) */
    {"exact time budget", NULL,
     "--kernel 'L5 C9 L2 C9' --units L=32,C=128 --schedulers 3 --warps 16 --method exact --timeout 0.3 --json",
     0, "\"stopped_by\": \"time\"", NULL},
    {"exact memory budget", NULL,
     "--kernel 'L5 C9 L2 C9' --units L=32,C=128 --schedulers 4 --warps 10 --method exact --memory 1 --json", 0,
     "\"stopped_by\": \"memory\"", NULL},
    {"exact memory too small", NULL, "--kernel L2000 --warps 200 --method exact --memory 1", 1, NULL,
     "--memory: the exact solver needs at least"},
    {"require exact, bracket", NULL,
     "--kernel 'L5 C9 L2 C9' --units L=32,C=128 --schedulers 4 --warps 6 --method exact --budget 5 --require-exact", 3,
     "T(6) lies in [", NULL},
    {"require exact, exact", NULL, "--kernel LCL --warps 4 --method exact --require-exact", 0, "T(4) = 9 exactly.", NULL},
    {"require exact, bound only", NULL, "--kernel LCL --warps 4 --require-exact", 3, "T(4) lies in [0, 9]", NULL},
    {"estimate is not safe", NULL, "--kernel LCL --warps 4 --method exact,estimate --x 2 --json", 0,
     "\"estimate\": {\"value\": 8, \"x\": 2, \"y\": 2, \"safe\": false", NULL},
    {"estimate x too large", NULL, "--kernel LCL --warps 4 --method estimate --x 5", 1, NULL,
     "--x: 5 exceeds the warp count 4"},
    {"bogus constraints", NULL, "--kernel LCL --warps 4 --method ilp --constraints bogus", 64, NULL,
     "--constraints: unknown value 'bogus' (choices: short, long, strong)"},
    {"constraints need the ilp", NULL, "--kernel LCL --warps 4 --constraints long", 64, NULL,
     "--constraints: shapes the ILP: add --method ilp or --write-lp"},
    {"empty write-lp", NULL, "--kernel LCL --warps 4 --write-lp ''", 64, NULL, "--write-lp: empty value"},
    {"lower lcl", NULL, "--kernel LCL --warps 4 --method lower", 0, "lower         9   witnessed by lower", NULL},
    {"lower json", NULL, "--kernel LCL --warps 4 --method lower --json", 0,
     "\"lower\": {\"lower\": 9, \"upper\": 9, \"stopped_by\": \"optimal\"", NULL},
    {"lower then exact", NULL,
     "--kernel 'L5 C9 L2 C9' --units L=32,C=128 --schedulers 4 --warps 4 --method lower,exact", 0,
     "T(4) = 45 exactly.", NULL},
    {"lower work budget", NULL,
     "--kernel 'L5 C9 L2 C9' --units L=32,C=128 --schedulers 4 --warps 10 --method lower --work 5000 --json", 0,
     "\"work_budget\": 5000", NULL},
    {"work needs lower", NULL, "--kernel L --warps 2 --work 5", 64, NULL,
     "--work: budgets the witness search: add --method lower or bracket"},
    {"work zero", NULL, "--kernel L --warps 2 --method lower --work 0", 64, NULL, "--work"},
    {"bracket lcl", NULL, "--kernel LCL --warps 4 --method bracket", 0, "  bracket       [9, 9]   (T(W) exactly)", NULL},
    {"bracket json", NULL, "--kernel LCL --warps 4 --method bracket --json", 0,
     "\"bracket\": {\"lower\": 9, \"upper\": 9, \"exact\": true, \"bound\": 9, \"stopped_by\": \"optimal\"", NULL},
    {"bracket voronoi exact", NULL,
     "--kernel 'L5 C9 L2 C9' --units L=32,C=128 --schedulers 4 --warps 4 --method bracket", 0, "T(4) = 45 exactly.", NULL},
    {"bracket work budget", NULL,
     "--kernel 'L5 C9 L2 C9' --units L=32,C=128 --schedulers 4 --warps 16 --method bracket --work 4000 --json", 0,
     "\"stopped_by\": \"work\"", NULL},
    {"bracket time budget", NULL,
     "--kernel 'L5 C9 L2 C9' --units L=32,C=128 --schedulers 3 --warps 16 --method bracket --timeout 0.3 --json", 0,
     "\"stopped_by\": \"time\"", NULL},
    /* Three schedulers: with four the run-entry bound (closed form, docs/bounds.md 5c) is already 99 = T(8) + 1 */
    {"bracket upper by exact", NULL,
     "--kernel 'L5 C9 L2 C9' --units L=32,C=128 --schedulers 3 --warps 8 --method bracket --work 400000 --json", 0,
     "\"upper_by\": \"exact\"", NULL},
    {"anneal lcl", NULL, "--kernel LCL --warps 4 --method anneal --iterations 20000", 0,
     "lower         9   witnessed by anneal", NULL},
    {"anneal json", NULL, "--kernel LCL --warps 4 --method anneal --iterations 5000 --restarts 2 --init random --seed 5 --json",
     0, "\"anneal\": {\"lower\": 9, \"stopped_by\": \"optimal\", \"iterations\": 5000, \"calibrated\": false", NULL},
    {"anneal then exact", NULL,
     "--kernel 'L5 C9 L2 C9' --units L=32,C=128 --schedulers 4 --warps 4 --method anneal,exact --iterations 20000",
     0, "T(4) = 45 exactly.", NULL},
    {"anneal timeout", NULL,
     "--kernel 'L5 C9 L2 C9' --units L=32,C=128 --schedulers 4 --warps 16 --method anneal --timeout 0.3 --threads 1 --json",
     0, "\"calibrated\": true", NULL},
    {"anneal optimal stop", NULL, "--kernel LLL --warps 4 --method anneal --json", 0,
     "\"stopped_by\": \"optimal\"", NULL},
    {"bad init", NULL, "--kernel L --warps 2 --method anneal --init best", 64, NULL, "--init: unknown value 'best'"},
    {"bad moves", NULL, "--kernel L --warps 2 --method anneal --moves far", 64, NULL, "--moves: unknown value 'far'"},
    {"bad t0", NULL, "--kernel L --warps 2 --method anneal --t0 -1", 64, NULL, "--t0: '-1' is not a decimal number"},
    {"plot needs anneal", NULL, "--kernel L --warps 2 --plot x.svg", 64, NULL, "--plot: records the annealer"},
    {"svg needs a witness", NULL, "--kernel L --warps 2 --svg x.svg", 64, NULL, "--svg: draws a witness schedule"},
    /* an unwritable output fails before the analysis (which would run for minutes), with the I/O status */
    {"unwritable svg", NULL, "examples/voronoi.cfg --method exact --svg /nonexistent/dir/g.svg", 74, NULL,
     "--svg: cannot write '/nonexistent/dir/g.svg': no such directory '/nonexistent/dir'"},
    {"unwritable table", NULL, "table examples/voronoi.cfg --columns exact -o /nonexistent/t.h", 74, NULL,
     "--output: cannot write '/nonexistent/t.h'"},
    {"witness too short", NULL, "--kernel LCL --warps 2 --witness 1,2", 1, NULL, "W*I = 6"},
    {"witness bad warp", NULL, "--kernel LC --warps 2 --witness 1,3,1,2", 1, NULL, "position 2: warp 3"},
    {"witness not a number", NULL, "--kernel LC --warps 2 --witness 1,x,1,2", 64, NULL, "item 2: 'x' is not a decimal"},
    {"bad timeout", NULL, "--kernel L --warps 1 --timeout -1", 64, NULL, "--timeout"},
    {"two config files", NULL, "examples/voronoi.cfg examples/voronoi.cfg", 64, NULL, "more than one CONFIG"},
    /* --arch presets (lib/host/arch/arch_presets.cpp); test_arch_presets checks every row */
    {"arch unknown names the known", NULL, "--kernel L --warps 2 --arch sm_99", 64, NULL,
     "--arch: unknown value 'sm_99' (choices: sm_20, sm_21, sm_30, sm_35, sm_50, sm_60, sm_70, sm_80, "
     "sm_86, sm_90); did you mean 'sm_90'?"},
    {"arch exact only for the preset's values", NULL, "--arch sm_86 --kernel CL --warps 8 --method exact --quiet", 0,
     "T(8) = 17 exactly, exact for this preset's values.\nOver the 2 plausible readings of sm_86 (C 64|128): "
     "T(8) lies in [17, 18].", NULL},
    {"arch readings json", NULL, "--arch sm_80 --kernel LC --warps 2 --json", 0,
     "\"preset_readings\": {\"note\": \"lower/upper above are for the preset's values only\", \"uncertain\": \"L 16|32\"",
     NULL},
    {"arch readings overridden", NULL, "--arch sm_80 --units L=32 --kernel LC --warps 2", 0, "T(2) lies in [0, 3].\n", NULL},
    {"arch needs a value", NULL, "--kernel L --warps 2 --arch", 64, NULL, "--arch: needs a value (SM)"},
    {"arch flags override preset", NULL,
     "--kernel LCSD --warps 2 --arch sm_35 --units L=64,D=64 --schedulers 3 --json", 0,
     "\"sigma\": {\"L\": 2, \"C\": 5, \"S\": 1, \"D\": 2}, \"copies\": {\"L\": 1, \"C\": 1, \"S\": 1, "
     "\"D\": 1}, \"schedulers\": 3, \"arch\": \"sm_35\"", NULL},
    {"arch flag override order free", NULL, "--kernel LC --warps 2 --schedulers 0 --warp-size 64 --arch sm_50 --json", 0,
     "\"sigma\": {\"L\": 1, \"C\": 2, \"S\": 1, \"D\": 1}, \"copies\": {\"L\": 2, \"C\": 1, \"S\": 2, "
     "\"D\": 16}, \"schedulers\": 0", NULL},
    {"arch config key", "kernel = LCSD\nwarp_number = 2\narch = sm_60\n", "--json", 0,
     "\"sigma\": {\"L\": 1, \"C\": 2, \"S\": 1, \"D\": 1}, \"copies\": {\"L\": 2, \"C\": 1, \"S\": 2, "
     "\"D\": 1}, \"schedulers\": 2, \"arch\": \"sm_60\"", NULL},
    {"arch config paper format", "kernel\nLC\nwarp_number\n2\narch\nsm_86\n", "", 0,
     "arch          sm_86 (Ampere GA102 preset", NULL},
    {"arch config keys beat file arch", "arch = sm_50\nkernel = LCSD\nwarp_number = 2\nls_unit_number = 8\n", "--json",
     0, "\"copies\": {\"L\": 4, \"C\": 1, \"S\": 1, \"D\": 8}, \"schedulers\": 4", NULL},
    {"arch flag beats file keys", "kernel = LCSD\nwarp_number = 2\nls_unit_number = 8\narch = sm_50\n",
     "--arch sm_70 --json", 0,
     "\"copies\": {\"L\": 1, \"C\": 1, \"S\": 2, \"D\": 1}, \"schedulers\": 4, \"arch\": \"sm_70\"", NULL},
    {"arch unknown in file", "kernel = L\nwarp_number = 2\narch = kepler\n", "", 1, NULL,
     "case.cfg:3: arch: unknown architecture 'kepler' (known: sm_20, sm_21"},
    {"arch repeated in file", "arch = sm_50\narch = sm_60\n", "", 1, NULL,
     "case.cfg:2: key 'arch' given again (first at line 1)"},
    {"arch bad override names flag", NULL, "--kernel L --warps 1 --arch sm_50 --units L=48", 1, NULL,
     "--units: sigma of L"},
    /* warpspan pws (paper 001): Table 2's S = 2 row, both formats, errors with file:line. */
    {"pws fig8 text", NULL, "pws examples/fig8.pws --spsimds 2 --delay 1 --split-cost 1 --merge-cost 1", 0,
     "kernel WCET     PWS 49", NULL},
    {"pws fig8 csv json", NULL, "pws examples/fig8.csv --spsimds 2 --delay 1 --split-cost 1 "
     "--merge-cost 1 --json", 0, "\"split_points\": [0, 1, 6]", NULL}, /* CSV rows count from 0 */
    {"pws quoted csv wcet", NULL, "pws tests/fixtures/quoted_wcet.csv", 1, NULL,
     "quoted_wcet.csv:1: WCET '\"5\"' is not a number"},
    {"pws bad option", NULL, "pws examples/fig8.pws --spsimds x", 64, NULL, "--spsimds: 'x' is not a decimal integer"},
    /* Issue 21: the optimal split points beside Select's (Fig. 8, S = 3: Select adds 13, the optimum
     * does not), Eq. 2 counting contexts, compiler shapes, --explain, unstructured input. */
    {"pws optimal", NULL, "pws examples/fig8.pws --spsimds 3 --delay 1 --split-cost 1 --merge-cost 1 "
     "--wf-contexts 1 --split optimal", 0, "split points    1 2 7   (optimal: 3 of them, 2 SWF contexts)", NULL},
    {"pws side by side", NULL, "pws examples/fig8.pws --spsimds 3 --delay 1 --split-cost 1 --merge-cost 1 "
     "--wf-contexts 1", 0,
     "side by side      no splitting    Select          optimal\n"
     "  split points    none            1 2 7 13        1 2 7\n  SWF contexts    0               3               2\n"
     "  worst SWF path  59              42              42\n  E_WF            59              50              48\n", NULL},
    {"pws side by side json", NULL, "pws examples/fig8.pws --spsimds 3 --delay 1 --split-cost 1 --merge-cost 1 "
     "--wf-contexts 1 --json", 0,
     "\"optimal\": {\"split_points\": [1, 2, 7], \"splits\": 3, \"contexts\": 2, \"worst_swf_path\": 42, "
     "\"E_WF\": 48, \"N_SIMD_total\": 4, \"DS\": 1, \"kernel\": 49}", NULL},
    {"pws contexts count", NULL, "pws examples/fig8.pws --spsimds 3 --contexts count --json", 0,
     "\"contexts_mode\": \"count\"", NULL},
    {"pws compiler csv", NULL, "pws tests/fixtures/pws/mixed_base1.csv --csv-base 1 --json", 0,
     "\"bsbs_if\": 2, \"bsbs_serial\": 1, \"reconv\": 1, \"exit\": 1, \"lone_bsbs\": 0, \"dropped_marks\": 0, "
     "\"loops\": 1},", NULL},
    {"pws explain", NULL, "pws tests/fixtures/pws/if_no_else.csv --explain", 0,
     "# added: 2 BSBs for an if without else, 0 BSBs serialising two-sided branches, 1 reconvergence node, 0 exits\n"
     "0 branch 2 split -> 1 5           # node 0\n", NULL},
    {"pws loops", NULL, "pws tests/fixtures/pws/loop_nested.pws", 0,
     "normalised      12 nodes: 1 BSB added for if without else, 2 loops, nodes counted as often as they run", NULL},
    {"pws unstructured", NULL, "pws tests/fixtures/pws/bad_crossing.pws", 1, NULL,
     "bad_crossing.pws:5: node 3 is entered from node 2 and from node 5: an edge into the middle"},
    {"pws irreducible", NULL, "pws tests/fixtures/pws/bad_irreducible.pws", 1, NULL,
     "bad_irreducible.pws:5: node 3's edge back to node 2 closes a cycle entered elsewhere too: irreducible flow"},
    {"pws bad contexts", NULL, "pws examples/fig8.pws --contexts paths", 64, NULL,
     "--contexts: unknown value 'paths' (choices: paper, count)"},
    {"pws split not a branch", NULL, "pws examples/fig8.pws --split 3", 1, NULL, "--split: node 3 is not a branch"},
    {"pws split no node", NULL, "pws examples/fig8.pws --split 99", 1, NULL, "--split: no node 99"},
    /* warpspan table */
    {"table csv", NULL, "table --kernel LCL --warps 3 --columns bound,exact", 0,
     "name,kernel,warps,method,value,lower,upper,status,seconds\nkernel,LCL,1,bound,3,,3,proven upper,\n"
     "kernel,LCL,1,exact,3,3,3,optimal,\n", NULL},
    {"table header", NULL, "table examples/voronoi.cfg --warps 2 --format header", 0,
     "static const uint32_t voronoi_bound[2] = {\n    25u, /* W=1: bound, proven upper */", NULL},
    {"table lower", NULL, "table --kernel LCL --warps 4 --columns lower,bound --work 3000 --format json", 0,
     "\"warps\": 4, \"results\": {\"lower\": {\"value\": 9, \"lower\": 9, \"status\": \"lower bound\"", NULL},
    {"table anneal", NULL, "table --kernel LCL --warps 4 --columns anneal --iterations 2000 --format json", 0,
     "\"warps\": 4, \"results\": {\"anneal\": {\"value\": 9, \"lower\": 9, \"status\": \"lower bound\"", NULL},
    {"table exact bracket", NULL,
     "table --kernel 'L5 C9 L2 C9' --units L=32,C=128 --schedulers 4 --warps 6 --columns exact --budget 5 --format header",
     0, "/* W=6: exact, bracket [", NULL},
    {"table nothing", NULL, "table --columns bound", 64, NULL, "nothing to tabulate"},
    {"table bad column", NULL, "table --kernel L --warps 2 --columns bound,magic", 64, NULL,
     "--columns: item 2: unknown value 'magic'"},
    {"table bad shard", NULL, "table --kernel L --warps 2 --shard 4/3", 64, NULL, "--shard: i: '4' is out of range 1..3"},
    {"table bad format", NULL, "table --kernel L --warps 2 --format xml", 64, NULL, "--format: unknown value 'xml'"},
    {"table bad kernel", NULL, "table --kernel LX --warps 2", 1, NULL, "--kernel: unexpected character"},
    {"table spec and kernel", NULL, "table --spec examples/tables.spec --kernel L --warps 2", 64, NULL,
     "--spec: cannot go with --kernel"},
    {"table missing spec", NULL, "table --spec /nonexistent/t.txt", 1, NULL, "--spec: cannot read '/nonexistent/t.txt'"},
    {"table require exact", NULL,
     "table --kernel 'L5 C9 L2 C9' --units L=32,C=128 --schedulers 4 --warps 6 --columns exact --budget 5 --require-exact",
     3, "kernel,L5C9L2C9,6,exact,", NULL},
    {"merge nothing", NULL, "table merge", 64, NULL, "missing PART"},
    {"merge not a part", NULL, "table merge examples/voronoi.cfg", 1, NULL, "is not a partial table"},
    /* warpspan ptx (issues 8, 17): the whole kernel by default, path and prefix only when asked, labelled */
    {"ptx kernel needs loop bounds", NULL, "ptx tests/fixtures/ptx/voronoi.sm75.ptx", 1, NULL,
     "voronoi.sm75.ptx:61: 1 loop without a bound: $L__BB0_2 (line 61)"},
    {"ptx kernel with a bound", NULL, "ptx tests/fixtures/ptx/voronoi.sm75.ptx --loop-bound '$L__BB0_2=15'", 0,
     "scope         whole kernel: every path", NULL},
    {"ptx bound file", NULL, "ptx tests/fixtures/ptx/voronoi.sm75.ptx --loop-bounds tests/fixtures/ptx/voronoi.bounds", 0,
     "at most 15 runs of its header per entry (tests/fixtures/ptx/voronoi.bounds:2)", NULL},
    {"ptx inferred bound", NULL, "ptx tests/fixtures/ptx/horner.sm80.ptx", 0,
     "loop          $L__BB0_2 (line 51): at most 16 runs of its header per entry (inferred: %r9 from 0 by -1", NULL},
    {"ptx prefix labelled", NULL, "ptx tests/fixtures/ptx/voronoi.sm75.ptx --prefix", 0,
     "scope         STRAIGHT-LINE PREFIX ONLY (--prefix): not the whole kernel", NULL},
    {"ptx prefix kernel", NULL, "ptx tests/fixtures/ptx/voronoi.sm75.ptx --prefix", 0, "kernel        L5 C11 L1 C2 L1 C6",
     NULL},
    {"ptx path json", NULL, "ptx tests/fixtures/ptx/voronoi.sm90.ptx --path not-taken --json", 0,
     "\"path_choices\": \"not-taken\"", NULL},
    {"ptx expansions", NULL, "ptx tests/fixtures/ptx/dp.sm75.ptx", 0, "expansions    sqrt.rn.f64 -> S2 D22 C34 (line 40)",
     NULL},
    {"ptx float4", NULL, "ptx tests/fixtures/ptx/axpby.sm80.ptx --entry axpby4 --json", 0,
     "\"serialised\": {\"instructions\": 28, \"mix\": {\"L\": 8, \"C\": 20", NULL},
    {"ptx analysis kernel bound", NULL, "ptx tests/fixtures/ptx/stencil.sm80.ptx --warps 32 --arch sm_80", 0,
     "whole kernel: T(32) <= 1461   proven for every execution", NULL},
    {"ptx analysis preset readings", NULL, "ptx tests/fixtures/ptx/stencil.sm80.ptx --warps 32 --arch sm_80", 0,
     "preset        the worst over 2 plausible readings of sm_80 (L 16|32): 1461 1077", NULL},
    {"ptx analysis labelled", NULL, "ptx tests/fixtures/ptx/stencil.sm80.ptx --warps 4 --units L=32,C=128", 0,
     "IF EVERY WARP TAKES THE LONGEST PATH (one execution, its instructions in PTX order; its lower bound is not the kernel's)", NULL},
    {"ptx analysis json", NULL, "ptx tests/fixtures/ptx/saxpy.sm75.ptx --warps 2 --json", 0,
     "\"kernel_bound\": {\"upper\": ", NULL},
    {"ptx path analysis json", NULL, "ptx tests/fixtures/ptx/saxpy.sm75.ptx --path t --warps 2 --json", 0,
     "\"applies_to\": \"every warp taking the path given only, its instructions in PTX order\"", NULL},
    {"ptx resources", NULL, "ptx tests/fixtures/ptx/histogram.sm80.ptx --loop-bounds tests/fixtures/ptx/histogram.bounds --json", 0,
     "\"shared_static_bytes\": 1024", NULL},
    {"ptx write cfg", NULL, "ptx tests/fixtures/ptx/stencil.sm80.ptx --write-cfg /nonexistent/dir/x", 74, NULL,
     "--write-cfg: cannot write '/nonexistent/dir/x': no such directory"},
    {"ptx analysis flag error", NULL, "ptx tests/fixtures/ptx/saxpy.sm75.ptx --warps 0", 64, NULL, "--warps"},
    {"ptx no file", NULL, "ptx", 64, NULL, "missing FILE.ptx"},
    {"ptx missing file", NULL, "ptx /nonexistent.ptx", 1, NULL, "cannot read '/nonexistent.ptx'"},
    {"ptx wrong entry", NULL, "ptx tests/fixtures/ptx/sfu.sm75.ptx --entry nope", 1, NULL,
     "no .entry named 'nope' (the entries: sfu)"},
    {"ptx path with prefix", NULL, "ptx tests/fixtures/ptx/sfu.sm75.ptx --path t --prefix", 64, NULL,
     "--path: cannot go with --prefix"},
    {"ptx old flags", NULL, "ptx tests/fixtures/ptx/sfu.sm75.ptx --worst", 64, NULL,
     "--worst: no longer a flag of `warpspan ptx`: the whole kernel is the default"},
    {"ptx bad bound", NULL, "ptx tests/fixtures/ptx/sfu.sm75.ptx --loop-bound X=0", 64, NULL,
     "--loop-bound: 'X=0': the bound must be a count"},
    {"ptx plurals", NULL, "ptx tests/fixtures/ptx/horner.sm80.ptx", 0, "blocks, 1 loop, PTX instructions", NULL},
    {"ptx bound for no loop", NULL, "ptx tests/fixtures/ptx/sfu.sm75.ptx --loop-bound X=3", 1, NULL,
     "'X' is no loop header of .entry sfu (its loops: none)"},
    {"ptx bad unknown unit", NULL, "ptx tests/fixtures/ptx/sfu.sm75.ptx --unknown-opcode=X", 64, NULL,
     "--unknown-opcode: unknown value 'X' (choices: L, C, S, D)"},
    {"ptx missing ptxas info", NULL, "ptx tests/fixtures/ptx/sfu.sm75.ptx --ptxas-info /nonexistent.txt", 1, NULL,
     "cannot read '/nonexistent.txt'"},
    {"ptx no expansion table", NULL, "ptx tests/fixtures/ptx/dp.sm75.ptx --expansion-arch sm_35", 1, NULL,
     "no expansion table for sm_35"},
    {"ptx junk", NULL, "ptx tests/fixtures/ptx/voronoi.cu", 1, NULL, "voronoi.cu:7: "},
};

static void test_cases(void **state) {
    static char out[1 << 16], err[1 << 16];
    int failures = 0;
    (void)state;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        const cli_case *c = &cases[k];
        int status = run_cli(c->config, c->config_size, c->args, out, sizeof out, err, sizeof err);
        int ok = status == c->exit_status && (!c->in_stdout || strstr(out, c->in_stdout)) &&
                 (!c->in_stderr || strstr(err, c->in_stderr));
        if (c->exit_status != 0 && c->exit_status != 3) ok = ok && strstr(err, "warpspan: error: ") == err && out[0] == '\0';
        if (!ok)
            print_error("case '%s': exit %d (want %d)\nstdout: %s\nstderr: %s\n", c->name, status,
                        c->exit_status, out, err);
        failures += !ok;
    }
    assert_int_equal(failures, 0); /* every failing case is printed above */
}

/* Every --arch preset builds a valid problem (sigma = units / 32 an integer or 1/n, so
 * wsp_problem_init accepts it) with the sigma, copies and schedulers its row in
 * lib/host/arch/arch_presets.cpp gives: L, C, S, D units per SM -> normalised sigma and copies. */
static const struct arch_case {
    const char *arch;
    const char *problem; /* the JSON problem's sigma .. arch, kernel LCSD, 2 warps */
} arch_cases[] = {
    {"sm_20", "\"sigma\": {\"L\": 1, \"C\": 1, \"S\": 1, \"D\": 1}, \"copies\": {\"L\": 2, \"C\": 1, \"S\": 8, \"D\": 8}, "
              "\"schedulers\": 2, \"arch\": \"sm_20\""},  /* L16 C32 S4 D4 */
    {"sm_21", "\"sigma\": {\"L\": 1, \"C\": 1, \"S\": 1, \"D\": 1}, \"copies\": {\"L\": 2, \"C\": 1, \"S\": 4, \"D\": 8}, "
              "\"schedulers\": 2, \"arch\": \"sm_21\""},  /* L16 C32 S8 D4 */
    {"sm_30", "\"sigma\": {\"L\": 1, \"C\": 5, \"S\": 1, \"D\": 1}, \"copies\": {\"L\": 1, \"C\": 1, \"S\": 1, \"D\": 4}, "
              "\"schedulers\": 4, \"arch\": \"sm_30\""},  /* L32 C160 S32 D8 */
    {"sm_35", "\"sigma\": {\"L\": 1, \"C\": 5, \"S\": 1, \"D\": 1}, \"copies\": {\"L\": 1, \"C\": 1, \"S\": 1, \"D\": 4}, "
              "\"schedulers\": 4, \"arch\": \"sm_35\""},  /* L32 C160 S32 D8 */
    {"sm_50", "\"sigma\": {\"L\": 1, \"C\": 4, \"S\": 1, \"D\": 1}, \"copies\": {\"L\": 1, \"C\": 1, \"S\": 1, \"D\": 8}, "
              "\"schedulers\": 4, \"arch\": \"sm_50\""},  /* L32 C128 S32 D4 */
    {"sm_60", "\"sigma\": {\"L\": 1, \"C\": 2, \"S\": 1, \"D\": 1}, \"copies\": {\"L\": 2, \"C\": 1, \"S\": 2, \"D\": 1}, "
              "\"schedulers\": 2, \"arch\": \"sm_60\""},  /* L16 C64 S16 D32 */
    {"sm_70", "\"sigma\": {\"L\": 1, \"C\": 2, \"S\": 1, \"D\": 1}, \"copies\": {\"L\": 1, \"C\": 1, \"S\": 2, \"D\": 1}, "
              "\"schedulers\": 4, \"arch\": \"sm_70\""},  /* L32 C64 S16 D32 */
    {"sm_80", "\"sigma\": {\"L\": 1, \"C\": 2, \"S\": 1, \"D\": 1}, \"copies\": {\"L\": 2, \"C\": 1, \"S\": 2, \"D\": 1}, "
              "\"schedulers\": 4, \"arch\": \"sm_80\""},  /* L16 C64 S16 D32 */
    {"sm_86", "\"sigma\": {\"L\": 1, \"C\": 2, \"S\": 1, \"D\": 1}, \"copies\": {\"L\": 2, \"C\": 1, \"S\": 2, \"D\": 16}, "
              "\"schedulers\": 4, \"arch\": \"sm_86\""},  /* L16 C64 S16 D2 */
    {"sm_90", "\"sigma\": {\"L\": 1, \"C\": 2, \"S\": 1, \"D\": 2}, \"copies\": {\"L\": 2, \"C\": 1, \"S\": 2, \"D\": 1}, "
              "\"schedulers\": 4, \"arch\": \"sm_90\""},  /* L16 C64 S16 D64 */
};

static void test_arch_presets(void **state) {
    static char out[1 << 16], err[1 << 16];
    char args[256];
    (void)state;
    for (size_t k = 0; k < sizeof arch_cases / sizeof arch_cases[0]; ++k) {
        const struct arch_case *c = &arch_cases[k];
        snprintf(args, sizeof args, "--kernel LCSD --warps 2 --arch %s --json", c->arch);
        int status = run_cli(NULL, 0, args, out, sizeof out, err, sizeof err);
        int ok = status == 0 && strstr(out, c->problem) != NULL;
        if (!ok) print_error("arch %s: exit %d\nwant: %s\nstdout: %s\nstderr: %s\n", c->arch, status, c->problem, out, err);
        assert_true(ok);
    }
    /* the help lists --arch and every preset appears in the unknown-name message (checked above) */
    assert_int_equal(run_cli(NULL, 0, "--help", out, sizeof out, err, sizeof err), 0);
    assert_non_null(strstr(out, "--arch SM"));
}

/* --method ilp and --write-lp (paper 004's ILP through lp_solve). Each solve is kept small: lp_solve
 * needs seconds for LCL with 4 warps; larger instances only run under a --timeout. In args, %s
 * stands for the test's temporary directory (at most once). */
typedef struct ilp_case {
    const char *name;
    const char *args;
    int exit_status;
    const char *in_stdout[3];  /* each must occur; NULL ends the list */
    const char *in_stderr;
    const char *file;          /* written into the temporary directory; NULL: none */
    const char *file_starts;   /* the file's first characters */
    const char *in_file;
} ilp_case;

static const ilp_case ilp_cases[] = {
    {"ilp lcl json", "--kernel LCL --warps 4 --method ilp --json", 0,
     {"\"exact\": true",
      "\"ilp\": {\"status\": \"optimal\", \"constraints\": \"short\", \"lower\": 9, \"upper\": 9, \"horizon\": 9"},
     NULL, NULL, NULL, NULL},
    {"ilp long rows", "--kernel LCL --warps 4 --method ilp --constraints long --json", 0,
     {"\"exact\": true",
      "\"ilp\": {\"status\": \"optimal\", \"constraints\": \"long\", \"lower\": 9, \"upper\": 9"},
     NULL, NULL, NULL, NULL},
    {"ilp strong formulation", "--kernel LLCLL --warps 4 --method ilp --constraints strong --json", 0,
     {"\"ilp\": {\"status\": \"optimal\", \"constraints\": \"strong\", \"lower\": 17, \"upper\": 17",
      "\"lp_bound\": 17, \"lp_value\": 17.000000, \"lp_seconds\": "},
     NULL, NULL, NULL, NULL},
    {"ilp text with lp file", "--kernel LCL --warps 4 --method ilp --write-lp %s/m.lp", 0,
     {"ilp (paper 004 Fig. 3, lp_solve; short work-conserving rows)\n  status        optimal\n",
      "upper         9   proven by the bound, ilp\n", "m.lp (lp_solve LP format)"},
     NULL, "m.lp", "// warpspan", "max:"},
    {"mps file without solving", "--kernel LCL --warps 4 --write-lp %s/m.mps --constraints long --json", 0,
     {"\"ilp_model\": {\"file\": \"", "m.mps\", \"format\": \"mps\", \"constraints\": \"long\"}"},
     NULL, "m.mps", "* warpspan", "ROWS"},
    {"lp file in a missing directory", "--kernel LCL --warps 4 --write-lp /nonexistent/dir/m.lp", 74, {NULL},
     "--write-lp: cannot write '/nonexistent/dir/m.lp'", NULL, NULL, NULL},
    {"ilp tiny timeout", "--kernel LLCLL --warps 5 --method ilp --timeout 0.05 --json", 0,
     {"\"ilp\": {\"status\": \"timeout\"", "\"horizon\": 21"}, NULL, NULL, NULL, NULL},
    {"pws with ipet", "pws examples/fig8.pws --spsimds 2 --ipet --json", 0,
     {"\"ipet\": {\"worst_swf_path\": 42, \"serialised_path\": 59}"}, NULL, NULL, NULL, NULL},
    {"pws loops with ipet", "pws tests/fixtures/pws/mixed.pws --ipet --split optimal --json", 0,
     {"\"ipet\": {\"worst_swf_path\": 93, \"serialised_path\": 141}"}, NULL, NULL, NULL, NULL},
    {"ipet loop", "ipet tests/fixtures/loop.ipet", 0,
     {"WCET      57 cycles", "20:11 30:10", "4 nodes, 4 edges, 1 back edge, 1 loop bound\n"}, NULL, NULL, NULL, NULL},
    {"ipet loop json", "ipet tests/fixtures/loop.ipet --json", 0, {"\"wcet\": 57", "\"30\": 10"}, NULL, NULL,
     NULL, NULL},
    {"ipet missing bound", "ipet tests/fixtures/loop_unbounded.ipet", 1, {NULL},
     "loop_unbounded.ipet: the loop at node 20 has no bound", NULL, NULL, NULL},
    /* Timing decides whether a schedule is found; either way the answer must be consistent. */
    {"ilp short timeout", "--kernel LCL --warps 5 --method ilp --timeout 1 --json", 0,
     {"\"ilp\": {\"status\": \""}, NULL, NULL, NULL, NULL},
};

/* In a build without lp_solve the same requests name what is missing and exit 2. */
static const ilp_case ilp_unbuilt_cases[] = {
    {"ipet not built", "ipet tests/fixtures/loop.ipet", 2, {NULL}, "warpspan ipet: not available in this build", NULL,
     NULL, NULL},
    {"pws ipet not built", "pws examples/fig8.pws --ipet", 2, {NULL}, "--ipet: not available in this build", NULL,
     NULL, NULL},
    {"ilp not built", "--kernel LCL --warps 4 --method ilp", 2, {NULL},
     "--method ilp: not available in this build: warpspan was built without lp_solve", NULL, NULL, NULL},
    {"write-lp not built", "--kernel LCL --warps 4 --write-lp %s/m.lp", 2, {NULL},
     "--write-lp: not available in this build", NULL, NULL, NULL},
};

/* A JSON number after `key` at or after `from`; -1 if absent. */
static long json_number(const char *from, const char *key) {
    const char *k = from ? strstr(from, key) : NULL;
    return k ? strtol(k + strlen(key), NULL, 10) : -1;
}

/* lower <= upper at the top and in results.ilp, and a witness exactly when lower > 0. */
static int ilp_json_consistent(const char *out) {
    const char *ilp = strstr(out, "\"ilp\": {");
    if (!ilp) return 1;
    const long lower = json_number(ilp, "\"lower\": "), upper = json_number(ilp, "\"upper\": ");
    const int no_witness = strstr(ilp, "\"witness\": []") != NULL;
    return lower >= 0 && lower <= upper && json_number(out, "\"lower\": ") <= json_number(out, "\"upper\": ") &&
           no_witness == (lower == 0);
}

static int ilp_case_ok(const ilp_case *c, int status, const char *out, const char *err) {
    int ok = status == c->exit_status && (!c->in_stderr || strstr(err, c->in_stderr));
    for (size_t k = 0; k < 3 && c->in_stdout[k]; ++k) ok = ok && strstr(out, c->in_stdout[k]) != NULL;
    if (c->exit_status != 0) ok = ok && strstr(err, "warpspan: error: ") == err && out[0] == '\0';
    if (c->exit_status == 0) ok = ok && ilp_json_consistent(out);
    if (ok && c->file) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", tmpdir, c->file);
        const char *text = read_file(path);
        ok = strncmp(text, c->file_starts, strlen(c->file_starts)) == 0 && strstr(text, c->in_file);
        if (!ok) print_error("case '%s': %s starts: %.200s\n", c->name, path, text);
    }
    return ok;
}

static void run_ilp_cases(const ilp_case *cases_, size_t n) {
    static char out[1 << 16], err[1 << 16];
    char args[1024];
    for (size_t k = 0; k < n; ++k) {
        const ilp_case *c = &cases_[k];
        snprintf(args, sizeof args, c->args, tmpdir);
        const int status = run_cli(NULL, 0, args, out, sizeof out, err, sizeof err);
        const int ok = ilp_case_ok(c, status, out, err);
        if (!ok)
            print_error("case '%s': exit %d (want %d)\nstdout: %s\nstderr: %s\n", c->name, status,
                        c->exit_status, out, err);
        assert_true(ok);
    }
}

static void test_ilp(void **state) {
    static char out[4096], err[4096];
    (void)state;
    assert_int_equal(run_cli(NULL, 0, "--version", out, sizeof out, err, sizeof err), 0);
    if (strstr(out, "ilp: lp_solve")) {
        run_ilp_cases(ilp_cases, sizeof ilp_cases / sizeof ilp_cases[0]);
    } else {
        assert_non_null(strstr(out, "ilp: not built"));
        run_ilp_cases(ilp_unbuilt_cases, sizeof ilp_unbuilt_cases / sizeof ilp_unbuilt_cases[0]);
    }
}

/* The acceptance line: "paper": 6, "paper_safe": false and an upper of at least 7. */
/* --convergence, --plot and --svg write files a program and a person can read. */
/* --method lower with a work budget: the same witness for 1 and 2 threads (lower_jobs.hpp), and the
 * witness the JSON gives is what the validator accepted (its makespan is the reported lower end). */
static void test_lower_threads(void **state) {
    (void)state;
    static char out1[1 << 15], out2[1 << 15], err[4096];
    const char *base = "examples/voronoi.cfg --warps 10 --method lower --work 20000 --seed 3 --json --threads";
    char args[256];
    snprintf(args, sizeof args, "%s 1", base);
    assert_int_equal(run_cli(NULL, 0, args, out1, sizeof out1, err, sizeof err), 0);
    snprintf(args, sizeof args, "%s 2", base);
    assert_int_equal(run_cli(NULL, 0, args, out2, sizeof out2, err, sizeof err), 0);
    const char *w1 = strstr(out1, "\"lower\": {"), *w2 = strstr(out2, "\"lower\": {");
    assert_non_null(w1);
    assert_non_null(w2);
    const char *s1 = strstr(w1, "\"seconds\""), *s2 = strstr(w2, "\"seconds\"");
    const char *e1 = strstr(w1, "\"witness\""), *e2 = strstr(w2, "\"witness\"");
    assert_non_null(s1);
    assert_non_null(e1);
    assert_non_null(s2);
    assert_non_null(e2);
    /* everything before the time, and the witness after it, agree */
    assert_int_equal(s1 - w1, s2 - w2);
    assert_memory_equal(w1, w2, (size_t)(s1 - w1));
    const char *end1 = strchr(e1, ']'), *end2 = strchr(e2, ']');
    assert_non_null(end1);
    assert_non_null(end2);
    assert_int_equal(end1 - e1, end2 - e2);
    assert_memory_equal(e1, e2, (size_t)(end1 - e1));
}

/* --method bracket with a work budget: the same bracket and witness for 1 and 2 threads, and --timeout
 * bounds the whole bracket run (all its phases together), not each phase. */
static void test_bracket_threads_and_time(void **state) {
    (void)state;
    static char out1[1 << 15], out2[1 << 15], err[4096];
    const char *base = "examples/voronoi.cfg --warps 10 --method bracket --work 40000 --seed 3 --json --threads";
    char args[256];
    snprintf(args, sizeof args, "%s 1", base);
    assert_int_equal(run_cli(NULL, 0, args, out1, sizeof out1, err, sizeof err), 0);
    snprintf(args, sizeof args, "%s 2", base);
    assert_int_equal(run_cli(NULL, 0, args, out2, sizeof out2, err, sizeof err), 0);
    const char *w1 = strstr(out1, "\"bracket\": {"), *w2 = strstr(out2, "\"bracket\": {");
    assert_non_null(w1);
    assert_non_null(w2);
    const char *s1 = strstr(w1, "\"seconds\""), *s2 = strstr(w2, "\"seconds\"");
    const char *e1 = strstr(w1, "\"witness\""), *e2 = strstr(w2, "\"witness\"");
    assert_non_null(s1);
    assert_non_null(e1);
    assert_non_null(s2);
    assert_non_null(e2);
    assert_int_equal(s1 - w1, s2 - w2);
    assert_memory_equal(w1, w2, (size_t)(s1 - w1));
    const char *end1 = strchr(e1, ']'), *end2 = strchr(e2, ']');
    assert_non_null(end1);
    assert_non_null(end2);
    assert_int_equal(end1 - e1, end2 - e2);
    assert_memory_equal(e1, e2, (size_t)(end1 - e1));
    /* --timeout 0.5: the bracket stops by the clock (not by finishing its work) and reports its own
     * seconds. Whether it stops within the budget is a speed property (make bench-budget measures
     * overruns); here the margin only catches a deadline that is not honoured at all, and is generous
     * so that a loaded machine (make check on two cores, the sanitizers) cannot fail it. */
    assert_int_equal(run_cli(NULL, 0, "examples/voronoi.cfg --warps 16 --schedulers 3 --method bracket --timeout 0.5 --json", out1,
                             sizeof out1, err, sizeof err),
                     0);
    const char *b = strstr(out1, "\"bracket\": {");
    assert_non_null(b);
    const char *sec = strstr(b, "\"seconds\": ");
    assert_non_null(sec);
    const double seconds = strtod(sec + strlen("\"seconds\": "), NULL);
    assert_non_null(strstr(b, "\"stopped_by\": \"time\""));
    if (seconds > 0.5 + 2.0) fail_msg("--timeout 0.5: the bracket ran %.3f s", seconds);
}

static void test_anneal_files(void **state) {
    (void)state;
    char out[1 << 14], err[4096], args[1024];
    snprintf(args, sizeof args,
             "--kernel LCL --warps 4 --method anneal --iterations 3000 --restarts 3 --convergence %s/c.csv "
             "--plot %s/c.svg --svg %s/g.svg",
             tmpdir, tmpdir, tmpdir);
    assert_int_equal(run_cli(NULL, 0, args, out, sizeof out, err, sizeof err), 0);
    char path[512];
    snprintf(path, sizeof path, "%s/c.csv", tmpdir);
    const char *csv = read_file(path);
    assert_non_null(strstr(csv, "instance,init,iteration,seconds,best\n1,round-robin,0,"));
    assert_non_null(strstr(csv, "\n3,most-pending,0,"));
    snprintf(path, sizeof path, "%s/c.svg", tmpdir);
    const char *svg = read_file(path);
    assert_non_null(strstr(svg, "<svg"));
    assert_non_null(strstr(svg, "<polyline"));
    assert_non_null(strstr(svg, "</svg>"));
    snprintf(path, sizeof path, "%s/g.svg", tmpdir);
    svg = read_file(path);
    assert_non_null(strstr(svg, "warp 4, instruction 3 (L)"));
    assert_non_null(strstr(svg, "makespan 9"));
    assert_non_null(strstr(svg, "</svg>"));
}

static void test_upper_at_least_seven(void **state) {
    static char out[1 << 16], err[1 << 16];
    (void)state;
    assert_int_equal(run_cli(NULL, 0, "--kernel LLL --units L=64 --warps 4 --method bound --json", out,
                             sizeof out, err, sizeof err), 0);
    const char *u = strstr(out, "\"upper\": ");
    assert_non_null(u);
    assert_true(strtoul(u + 9, NULL, 10) >= 7);
    assert_non_null(strstr(out, "\"exact\": false"));
}

/* ---- warpspan table ------------------------------------------------------------------------- */

/* A copy of a file (read_file's buffer is reused). */
static char *file_copy(const char *path) {
    char *text = malloc(1 << 16);
    assert_non_null(text);
    snprintf(text, 1 << 16, "%s", read_file(path));
    return text;
}

/* Runs `warpspan ARGS` (%s in args: the temporary directory, any number of times). */
static int run_table(const char *args_format, char *out, size_t out_size, char *err, size_t err_size) {
    char args[2048], expanded[2048];
    size_t n = 0;
    for (const char *p = args_format; *p && n + 300 < sizeof expanded; ++p) {
        if (p[0] == '%' && p[1] == 's') {
            n += (size_t)snprintf(expanded + n, sizeof expanded - n, "%s", tmpdir);
            ++p;
        } else {
            expanded[n++] = *p;
        }
    }
    expanded[n] = '\0';
    snprintf(args, sizeof args, "%s", expanded);
    return run_cli(NULL, 0, args, out, out_size, err, err_size);
}

static void write_text(const char *name, const char *text) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static int same_files(const char *a, const char *b) {
    char pa[512], pb[512];
    snprintf(pa, sizeof pa, "%s/%s", tmpdir, a);
    snprintf(pb, sizeof pb, "%s/%s", tmpdir, b);
    char *x = file_copy(pa), *y = file_copy(pb);
    const int same = x[0] != '\0' && strcmp(x, y) == 0;
    if (!same) print_error("%s and %s differ:\n%s\n----\n%s\n", a, b, x, y);
    free(x);
    free(y);
    return same;
}

/* Two small tables; --budget keeps the exact column deterministic, --iterations the annealer. */
static const char table_spec[] =
    "# two kernels\n"
    "lcl kernel=LCL warps=6\n"
    "vor kernel=\"L5 C9 L2 C9\" units=L=32,C=128 schedulers=4 warps=1..5  # Voronoi\n";
static const char table_flags[] =
    "--spec %s/t.txt --columns bound,exact,anneal --iterations 2000 --budget 200000 --quiet";
/* The problem flags of each spec line, for the same W with the main command. */
static const char *const table_problem[] = {"--kernel LCL", "--kernel 'L5 C9 L2 C9' --units L=32,C=128 --schedulers 4"};

static void test_table_outputs(void **state) {
    static char out[1 << 16], err[1 << 16];
    char args[2048];
    (void)state;
    write_text("t.txt", table_spec);
    snprintf(args, sizeof args, "table %s --threads 3 --guard T_H -o %%s/full.h", table_flags);
    assert_int_equal(run_table(args, out, sizeof out, err, sizeof err), 0);
    snprintf(args, sizeof args, "table %s --threads 2 -o %%s/full.csv", table_flags);
    assert_int_equal(run_table(args, out, sizeof out, err, sizeof err), 0);
    snprintf(args, sizeof args, "table %s --format json -o %%s/full.json", table_flags);
    assert_int_equal(run_table(args, out, sizeof out, err, sizeof err), 0);

    /* --svg draws each entry's bracket against W; a whole file. */
    assert_int_equal(run_table("table --kernel LCL --warps 3 --columns bound,exact --svg %s/t.svg", out, sizeof out, err,
                               sizeof err), 0);
    snprintf(args, sizeof args, "%s/t.svg", tmpdir);
    assert_non_null(strstr(read_file(args), "<svg"));
    assert_non_null(strstr(read_file(args), "</svg>\n"));

    /* The header compiles with the strict flags, on its own and included. */
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "cd '%s' && %s -std=c99 -Wall -Wextra -pedantic -Werror -c full.h", tmpdir,
             WSP_C_COMPILER);
    assert_int_equal(system(cmd), 0);
    write_text("use.c", "#include \"full.h\"\nint main(void) { return (int)(vor_exact_at(4) - 45u) + (int)lcl_bound[0] - 3; }\n");
    snprintf(cmd, sizeof cmd, "cd '%s' && %s -std=c99 -Wall -Wextra -pedantic -Werror use.c -o use && ./use", tmpdir,
             WSP_C_COMPILER);
    assert_int_equal(system(cmd), 0);

    /* CSV rows: bound and exact equal what `warpspan --method bound,exact` says for the same W, and
     * the JSON holds the same values. */
    char path[512];
    snprintf(path, sizeof path, "%s/full.csv", tmpdir);
    char *csv = file_copy(path);
    snprintf(path, sizeof path, "%s/full.json", tmpdir);
    char *json = file_copy(path);
    assert_non_null(strstr(csv, "name,kernel,warps,method,value,lower,upper,status,seconds\n"));
    assert_non_null(strstr(json, "\"format\": \"warpspan-table\""));
    const char *names[] = {"lcl", "vor"}, *kernels[] = {"LCL", "L5C9L2C9"};
    const unsigned max_w[] = {6, 5};
    for (unsigned k = 0; k < 2; ++k)
        for (unsigned w = 1; w <= max_w[k]; ++w) {
            snprintf(args, sizeof args, "%s --warps %u --method bound,exact --budget 200000 --json", table_problem[k], w);
            assert_int_equal(run_cli(NULL, 0, args, out, sizeof out, err, sizeof err), 0);
            const long bound = json_number(strstr(out, "\"bound\": {"), "\"upper\": ");
            const long exact = json_number(strstr(out, "\"exact\": {"), "\"upper\": ");
            const long lower = json_number(strstr(out, "\"exact\": {"), "\"lower\": ");
            const int optimal = strstr(out, "\"status\": \"optimal\"") != NULL;
            char row[256];
            snprintf(row, sizeof row, "%s,%s,%u,bound,%ld,,%ld,proven upper,\n", names[k], kernels[k], w, bound, bound);
            int ok = strstr(csv, row) != NULL;
            snprintf(row, sizeof row, "%s,%s,%u,exact,%ld,%ld,%ld,%s,\n", names[k], kernels[k], w, exact, lower, exact,
                     optimal ? "optimal" : "bracket");
            ok = ok && strstr(csv, row) != NULL;
            snprintf(row, sizeof row,
                     "\"name\": \"%s\", \"kernel\": \"%s\", \"warps\": %u, \"results\": {\"bound\": {\"value\": %ld, "
                     "\"upper\": %ld, \"status\": \"proven upper\"}, \"exact\": {\"value\": %ld, \"lower\": %ld, "
                     "\"upper\": %ld, \"status\": \"%s\"",
                     names[k], kernels[k], w, bound, bound, exact, lower, exact, optimal ? "optimal" : "bracket");
            ok = ok && strstr(json, row) != NULL;
            snprintf(row, sizeof row, "    %ldu, /* W=%u: exact, %s", exact, w, optimal ? "optimal */" : "bracket [");
            snprintf(path, sizeof path, "%s/full.h", tmpdir);
            ok = ok && strstr(read_file(path), row) != NULL;
            if (!ok) print_error("table %s W=%u: bound %ld exact [%ld, %ld] not in the table\n", names[k], w, lower, exact, bound);
            assert_true(ok);
        }
    /* The annealer's lower bounds are at most the exact values: every CSV row is read back. */
    long exact_of[2][8] = {{0}}, anneal_of[2][8] = {{0}};
    unsigned rows = 0;
    for (const char *line = strchr(csv, '\n') + 1; *line; line = strchr(line, '\n') + 1) {
        char name[16], kernel[32], method[16];
        unsigned w = 0;
        long value = 0;
        assert_int_equal(sscanf(line, "%15[^,],%31[^,],%u,%15[^,],%ld,", name, kernel, &w, method, &value), 5);
        const unsigned k = strcmp(name, "vor") == 0;
        assert_true(w >= 1 && w <= max_w[k]);
        if (strcmp(method, "exact") == 0) exact_of[k][w] = value;
        if (strcmp(method, "anneal") == 0) {
            anneal_of[k][w] = value;
            assert_non_null(strstr(line, ",lower bound,\n"));
        }
        ++rows;
    }
    assert_int_equal(rows, 3 * (6 + 5));
    for (unsigned k = 0; k < 2; ++k)
        for (unsigned w = 1; w <= max_w[k]; ++w) assert_true(anneal_of[k][w] > 0 && anneal_of[k][w] <= exact_of[k][w]);
    free(csv);
    free(json);
}

static void test_table_shards(void **state) {
    static char out[1 << 16], err[1 << 16];
    char args[2048];
    (void)state;
    write_text("t.txt", table_spec);
    snprintf(args, sizeof args, "table %s --threads 3 --guard T_H -o %%s/full.h", table_flags);
    assert_int_equal(run_table(args, out, sizeof out, err, sizeof err), 0);
    snprintf(args, sizeof args, "table %s -o %%s/full.csv", table_flags);
    assert_int_equal(run_table(args, out, sizeof out, err, sizeof err), 0);
    snprintf(args, sizeof args, "table %s -o %%s/full.json", table_flags);
    assert_int_equal(run_table(args, out, sizeof out, err, sizeof err), 0);
    for (unsigned i = 1; i <= 3; ++i) {
        snprintf(args, sizeof args, "table %s --threads 1 --shard %u/3 -o %%s/p%u.json", table_flags, i, i);
        assert_int_equal(run_table(args, out, sizeof out, err, sizeof err), 0);
    }
    /* Merged in any order, the parts give the unsharded table byte for byte, in every format. */
    assert_int_equal(run_table("table merge %s/p3.json %s/p1.json %s/p2.json --guard T_H -o %s/merged.h", out,
                               sizeof out, err, sizeof err), 0);
    assert_true(same_files("full.h", "merged.h"));
    assert_int_equal(run_table("table merge %s/p2.json %s/p1.json %s/p3.json -o %s/merged.csv", out, sizeof out, err,
                               sizeof err), 0);
    assert_true(same_files("full.csv", "merged.csv"));
    assert_int_equal(run_table("table merge %s/p1.json %s/p2.json %s/p3.json --format json", out, sizeof out, err,
                               sizeof err), 0);
    write_text("merged.json", out);
    assert_true(same_files("full.json", "merged.json"));

    /* Parts of another table, or of the same spec with other columns. */
    assert_int_equal(run_table("table --kernel LCL --warps 6 --name lcl --shard 3/3 --quiet -o %s/other3.json", out,
                               sizeof out, err, sizeof err), 0);
    assert_int_equal(run_table("table --spec %s/t.txt --shard 3/3 --quiet -o %s/cols3.json", out, sizeof out, err,
                               sizeof err), 0);
    static const struct {
        const char *args, *message;
    } rejects[] = {
        {"table merge %s/p1.json %s/p2.json", "merge: missing shard 3/3 (2 of 3 parts given)"},
        {"table merge %s/p1.json %s/p2.json %s/p2.json %s/p3.json", "merge: shard 2/3 given twice: '"},
        {"table merge %s/p1.json %s/p2.json %s/other3.json", "other3.json' belongs to a different table than '"},
        {"table merge %s/p1.json %s/p2.json %s/cols3.json", "cols3.json' was computed with other columns or options"},
        {"table merge %s/full.json", "it is a whole table (JSON output), not a part"},
    };
    for (size_t k = 0; k < sizeof rejects / sizeof rejects[0]; ++k) {
        const int status = run_table(rejects[k].args, out, sizeof out, err, sizeof err);
        const int ok = status == 1 && strstr(err, "warpspan: error: ") == err && strstr(err, rejects[k].message) &&
                       out[0] == '\0';
        if (!ok) print_error("merge '%s': exit %d\nstderr: %s\n", rejects[k].args, status, err);
        assert_true(ok);
    }
}

/* Table spec files: every error names the file and the line. */
static const struct {
    const char *spec, *message;
} spec_cases[] = {
    {"a kernel=L warps=3\nb kernl=L warps=2\n", "t.txt:2: unknown key 'kernl'"},
    {"# c\n\na kernel=LX warps=3\n", "t.txt:3: unexpected character (expected L, C, S or D): 'X' at position 2"},
    {"a kernel=L warps=3\na kernel=C warps=2\n", "t.txt:2: table name 'a' given again (first at line 1)"},
    {"a kernel=L units=L=48 warps=3\n", "t.txt:1: sigma of L = 48"},
    {"a kernel=L\n", "t.txt:1: no warp count"},
    {"a warps=2\n", "t.txt:1: no kernel"},
    {"x-y kernel=L warps=2\n", "t.txt:1: table name 'x-y' is not a C identifier"},
    {"a kernel=L warps=2..4\n", "t.txt:1: warps: a table starts at W = 1"},
    {"a kernel=L warps=0\n", "t.txt:1: warps: '0' is not a positive integer"},
    {"a kernel=\"L C warps=2\n", "t.txt:1: unterminated quote"},
    {"a kernel=L kernel=C warps=2\n", "t.txt:1: key 'kernel' given twice"},
    {"a kernel=L warps=2 units=Q=4\n", "t.txt:1: units: 'Q=4' is not TYPE=N"},
    {"a kernel=L warps=2 schedulers\n", "t.txt:1: key 'schedulers' has no value"},
    {"a config=missing.cfg warps=2\n", "t.txt:1: config: cannot open configuration file"},
    {"a kernel=S warps=2 latency=S=5000\n", "t.txt:1: latency of S = 5000"},
    {"# only comments\n\n", "t.txt: no tables"},
};

static void test_table_spec_errors(void **state) {
    static char out[1 << 16], err[1 << 16];
    (void)state;
    for (size_t k = 0; k < sizeof spec_cases / sizeof spec_cases[0]; ++k) {
        write_text("t.txt", spec_cases[k].spec);
        const int status = run_table("table --spec %s/t.txt", out, sizeof out, err, sizeof err);
        const int ok = status == 1 && strstr(err, "warpspan: error: ") == err && strstr(err, spec_cases[k].message) &&
                       out[0] == '\0';
        if (!ok) print_error("spec case %zu: exit %d\nstderr: %s\n", k, status, err);
        assert_true(ok);
    }
    /* config= reads a configuration file, relative to the spec; spec keys override it. */
    write_text("t.txt", "v config=v.cfg warps=3\n");
    write_text("v.cfg", "kernel = L5 C9 L2 C9\nwarp_number = 16\nls_unit_number = 32\ncuda_core_number = 128\n"
                        "warp_schedulers = 4\n");
    assert_int_equal(run_table("table --spec %s/t.txt --format header", out, sizeof out, err, sizeof err), 0);
    assert_non_null(strstr(out, " *   v kernel=L5C9L2C9 units=L=32,C=128,S=32,D=32 latency=L=1,C=1,S=1,D=1 "
                                "warp_size=32 schedulers=4 warps=3\n"));
    assert_non_null(strstr(out, "static const uint32_t v_bound[3] = {\n    25u, /* W=1: bound, proven upper */"));
}


/* ---- the machine-readable contract and no lost results ------------------------------------------- */

/* Runs a shell command line (in the source tree) with stdout and stderr into files; the exit status. */
static int run_shell(const char *line, char *out, size_t out_size, char *err, size_t err_size) {
    char cmd[4096], o[512], e[512];
    snprintf(o, sizeof o, "%s/stdout", tmpdir);
    snprintf(e, sizeof e, "%s/stderr", tmpdir);
    snprintf(cmd, sizeof cmd, "cd '%s' && ( %s ) >'%s' 2>'%s'", WSP_SOURCE_DIR, line, o, e);
    int status = system(cmd);
    assert_true(WIFEXITED(status));
    snprintf(out, out_size, "%s", read_file(o));
    snprintf(err, err_size, "%s", read_file(e));
    return WEXITSTATUS(status);
}

/* With --json every error is one JSON object on stdout with the status name, the field code's name and the
 * position from wsp_diag, also for errors on the command line itself; stderr stays empty. */
static void test_json_errors(void **state) {
    static char out[1 << 16], err[1 << 16];
    static const struct {
        const char *args;
        int exit_status;
        const char *in_stdout[3];
    } json_cases[] = {
        {"--kernel LXC --warps 2 --json", 1,
         {"\"status\": \"kernel_character\"", "\"field\": \"kernel\"", "\"column\": 2,"}},
        {"--json --wraps 3", 64, {"\"status\": \"usage\"", "\"origin\": \"--wraps\"", "did you mean '--warps'?"}},
        {"tabel --json", 64, {"\"status\": \"usage\"", "did you mean 'table'?", "\"exit\": 64"}},
        {"--kernel LCL --warps 2 --witness 1,1,3,2,2,2 --json", 1,
         {"\"status\": \"witness_warp\"", "\"field\": \"pseudo_precedence\"", "\"index\": 3,"}},
        {"--kernel L --warps 1 --json --svg /nonexistent/x.svg --witness 1", 74, {"\"status\": \"io\"", "\"field\": \"path\""}},
        {"pws tests/fixtures/pws/bad_crossing.pws --json", 1, {"\"tool\": \"warpspan\"", "\"schema\": 1", "\"exit\": 1"}},
    };
    (void)state;
    for (size_t k = 0; k < sizeof json_cases / sizeof json_cases[0]; ++k) {
        const int status = run_cli(NULL, 0, json_cases[k].args, out, sizeof out, err, sizeof err);
        int ok = status == json_cases[k].exit_status && err[0] == '\0' && strstr(out, "{\n  \"tool\": \"warpspan\"") == out;
        for (size_t i = 0; i < 3 && json_cases[k].in_stdout[i]; ++i) ok = ok && strstr(out, json_cases[k].in_stdout[i]);
        if (!ok) print_error("json case '%s': exit %d\nstdout: %s\nstderr: %s\n", json_cases[k].args, status, out, err);
        assert_true(ok);
    }
}

/* A full disk is an I/O error that names what could not be written: stdout, or an output file. */
static void test_write_errors(void **state) {
    static char out[1 << 16], err[1 << 16];
    char line[1024];
    (void)state;
    snprintf(line, sizeof line, "'%s' --kernel LCL --warps 2 >/dev/full", WSP_CLI);
    assert_int_equal(run_shell(line, out, sizeof out, err, sizeof err), 74);
    assert_non_null(strstr(err, "warpspan: error: stdout: cannot write stdout"));
    snprintf(line, sizeof line, "'%s' table --kernel LCL --warps 2 -o /dev/full", WSP_CLI);
    assert_int_equal(run_shell(line, out, sizeof out, err, sizeof err), 74);
    assert_non_null(strstr(err, "warpspan: error: -o: cannot write '/dev/full'"));
    snprintf(line, sizeof line, "'%s' --kernel LCL --warps 2 --json >/dev/full", WSP_CLI);
    assert_int_equal(run_shell(line, out, sizeof out, err, sizeof err), 74);  /* the JSON error cannot go there either */
    assert_non_null(strstr(err, "warpspan: error: stdout: cannot write stdout"));
}

/* Ctrl-C during a long exact search: the search stops, the best bracket so far is printed and its witness
 * saved, and the exit status is 130 (after saving). The search would run for minutes; the signal comes
 * after one second, when it is surely running (its outcome does not depend on when it comes; three
 * schedulers, since with four the run-entry bound settles T(16) at once). timeout
 * --foreground sends one SIGINT, as a terminal's Ctrl-C does; without it timeout signals its process group
 * too, and a second SIGINT quits at once by design. */
static void test_interrupt_saves_the_result(void **state) {
    static char out[1 << 16], err[1 << 16];
    char line[1024], svg[512];
    (void)state;
    snprintf(svg, sizeof svg, "%s/interrupted.svg", tmpdir);
    snprintf(line, sizeof line, "timeout --foreground --preserve-status --signal=INT 1 '%s' examples/voronoi.cfg --schedulers 3 --method exact --svg '%s'",
             WSP_CLI, svg);
    assert_int_equal(run_shell(line, out, sizeof out, err, sizeof err), 130);
    assert_non_null(strstr(out, "(stopped by Ctrl-C)"));
    assert_non_null(strstr(out, "T(16) lies in ["));
    assert_non_null(strstr(out, "Stopped by Ctrl-C"));
    assert_non_null(strstr(read_file(svg), "</svg>"));
    snprintf(line, sizeof line, "timeout --foreground --preserve-status --signal=INT 1 '%s' examples/voronoi.cfg --schedulers 3 --method exact --json",
             WSP_CLI);
    assert_int_equal(run_shell(line, out, sizeof out, err, sizeof err), 130);
    assert_non_null(strstr(out, "\"interrupted\": true"));
    assert_non_null(strstr(out, "\"stopped_by\": \"cancelled\""));
    /* A table too: every entry computed so far or stopped, each a valid bracket, the file written whole. */
    char table[512];
    snprintf(table, sizeof table, "%s/interrupted.csv", tmpdir);
    snprintf(line, sizeof line, "timeout --foreground --preserve-status --signal=INT 1 '%s' table examples/voronoi.cfg --columns exact -o '%s'",
             WSP_CLI, table);
    assert_int_equal(run_shell(line, out, sizeof out, err, sizeof err), 130);
    assert_non_null(strstr(read_file(table), "voronoi,L5C9L2C9,16,exact,"));
    assert_non_null(strstr(read_file(table), ",bracket,"));
}

/* --help lists every command and `warpspan help COMMAND` gives each one's help. */
static void test_help_lists_every_command(void **state) {
    static char out[1 << 16], err[1 << 16];
    static const char *const commands[] = {"ptx", "pws", "ipet", "table", "table merge", "help"};
    char args[64], want[64];
    (void)state;
    assert_int_equal(run_cli(NULL, 0, "--help", out, sizeof out, err, sizeof err), 0);
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; ++k) {
        snprintf(want, sizeof want, "\n  %s ", commands[k]);
        if (!strstr(out, want)) print_error("--help lacks %s\n", commands[k]);
        assert_non_null(strstr(out, want));
    }
    assert_non_null(strstr(out, "\n  130 "));
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; ++k) {
        snprintf(args, sizeof args, "help %s", commands[k]);
        snprintf(want, sizeof want, "usage: warpspan %s ", commands[k]);
        assert_int_equal(run_cli(NULL, 0, args, out, sizeof out, err, sizeof err), 0);
        assert_true(strstr(out, want) == out);
    }
}

/* The text outputs cite only documents that are in the repository (docs/NAME.md), never notes a user does
 * not have (DESIGN.md, "section N" of an internal file). */
static void test_cited_documents_exist(void **state) {
    static char out[1 << 16], err[1 << 16];
    static const char *const runs[] = {
        "examples/voronoi.cfg --method bound,anneal,exact,estimate --iterations 2000 --budget 1000 --x 2 --quiet",
        "ptx tests/fixtures/ptx/stencil.sm80.ptx --warps 4 --arch sm_80",
        "pws examples/fig8.pws --spsimds 2 --contexts count",
        "--help",
        "help ptx",
        "help pws",
        "help table",
    };
    (void)state;
    for (size_t k = 0; k < sizeof runs / sizeof runs[0]; ++k) {
        assert_int_equal(run_cli(NULL, 0, runs[k], out, sizeof out, err, sizeof err), 0);
        assert_null(strstr(out, "DESIGN"));
        for (const char *p = strstr(out, "docs/"); p; p = strstr(p + 1, "docs/")) {
            char name[128], path[512];
            size_t n = 0;
            while (n + 1 < sizeof name && (isalnum((unsigned char)p[n]) || strchr("/_.-", p[n]))) name[n] = p[n], ++n;
            while (n > 0 && name[n - 1] == '.') --n;  /* a full stop after the name */
            name[n] = '\0';
            snprintf(path, sizeof path, "%s/%s", WSP_SOURCE_DIR, name);
            struct stat st;
            if (stat(path, &st) != 0) print_error("'%s' cites %s, which is not in the repository\n", runs[k], name);
            assert_int_equal(stat(path, &st), 0);
        }
    }
}

static int setup(void **state) {
    (void)state;
    snprintf(tmpdir, sizeof tmpdir, "/tmp/wsp_cli_XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state) {
    char cmd[512];
    (void)state;
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

/* test_cli [PATTERN]... [-PATTERN]...: the tests whose names match a PATTERN (shell wildcards; every
 * test when none is given) and no -PATTERN. CTest splits the group into entries this way
 * (tests/CMakeLists.txt: cli_cases, cli_tables, cli) so that they run side by side; a selection that
 * matches no test fails, so that a misspelt pattern cannot pass by running nothing. */
int main(int argc, char **argv) {
    static const struct CMUnitTest all[] = {
        cmocka_unit_test(test_cases),
        cmocka_unit_test(test_arch_presets),
        cmocka_unit_test(test_upper_at_least_seven),
        cmocka_unit_test(test_lower_threads),
        cmocka_unit_test(test_bracket_threads_and_time),
        cmocka_unit_test(test_anneal_files),
        cmocka_unit_test(test_ilp),
        cmocka_unit_test(test_table_outputs),
        cmocka_unit_test(test_table_shards),
        cmocka_unit_test(test_table_spec_errors),
        cmocka_unit_test(test_json_errors),
        cmocka_unit_test(test_write_errors),
        cmocka_unit_test(test_interrupt_saves_the_result),
        cmocka_unit_test(test_help_lists_every_command),
        cmocka_unit_test(test_cited_documents_exist),
    };
    enum { count = sizeof all / sizeof all[0] };
    struct CMUnitTest tests[count];
    size_t n = 0;
    int includes = 0;
    for (int a = 1; a < argc; ++a) includes += argv[a][0] != '-';
    for (size_t k = 0; k < count; ++k) {
        int in = includes == 0, out = 0;
        for (int a = 1; a < argc; ++a) {
            if (argv[a][0] == '-')
                out = out || fnmatch(argv[a] + 1, all[k].name, 0) == 0;
            else
                in = in || fnmatch(argv[a], all[k].name, 0) == 0;
        }
        if (in && !out) tests[n++] = all[k];
    }
    if (n == 0) {
        fprintf(stderr, "test_cli: no test matches the patterns given\n");
        return 2;
    }
    /* cmocka_run_group_tests_name() needs an array of fixed size; this is the function it calls. */
    return _cmocka_run_group_tests("cli", tests, n, setup, teardown);
}
