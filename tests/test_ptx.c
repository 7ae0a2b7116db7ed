/* Group: the PTX reader (wsp_host_ptx_read): nvcc's real PTX fixtures against their expected
 * kernel strings and unit mixes, each control-flow walk on a small hand-written snippet, and every
 * error path (truncated, binary junk, unknown directive, missing or ambiguous entry, ...). */
#include "test_util.h"

#define WSP_EXPERIMENTAL 1 /* the PTX reader is experimental in 1.0 */
#include "warpspan_host.h"

static char *load_fixture(const char *name, size_t *length) {
    char path[512];
    snprintf(path, sizeof path, "%s/tests/fixtures/ptx/%s", WSP_SOURCE_DIR, name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[1 << 16];
    *length = fread(buf, 1, sizeof buf, f);
    fclose(f);
    assert_true(*length < sizeof buf);
    return buf;
}

/* ---- nvcc's PTX (tests/fixtures/ptx, CUDA 13.0, sm_75 and sm_90: the same strings) ------------- */

/* Paper 003's hand port of Fig. 10 (its Fig. 11) gives L5 C9 L2 C9 "from the start of the program
 * until the end of the first iteration of the inner loop", counting its bra instructions as C. nvcc's
 * PTX of the same kernel (voronoi.cu) to the end of the first iteration (--path not-taken: into the
 * loop, then stop at the loop's own branch) is L5 C11 L1 C2 L1 C9 L1 C2 L1 C11; its straight-line
 * prefix (to the first branch, the default) is L5 C11 L1 C2 L1 C6. Instruction by instruction:
 *
 *   paper (Fig. 11)                    nvcc -O3 (voronoi.sm75.ptx)          difference
 *   L  mov N, x, y, x_1, y_1 (5)       L  ld.param x5: xs, ys, n, width,     the same count by chance: nvcc
 *                                         closest                            loads the 5 parameters, the paper
 *                                                                            N, x, y, x_1, y_1
 *   -                                  C  mov %ntid/%ctaid/%tid x6, mad x2,  x, y come from the thread's ids
 *                                         cvt.rn.f32.s32 x2, cvta x1 (11)    (the paper assumes them given)
 *                                                                            and cvta makes a global address
 *   (x_1, y_1 in the L5 above)         L1 ld x_1, C2 sub, cvta, L1 ld y_1    the loads sit next to their use
 *   C  sub mul sub fma (4)             C  sub mul fma (3; the first sub is   nvcc fuses (x-x_1)^2 into fma
 *                                         above, between the loads)
 *   C  mov md (1)                      -                                     md stays in the fma's register
 *   C  mov mdp=1, mov i=2 (2)          C  mov mdp=1 (1)                      i's start comes after the branch
 *   C  setp.gt, bra Done (2)           C  setp.lt, @p bra (2)                the same test: N < 2 skips
 *   = C9 (paper)                       = C6 after the last L (nvcc)
 *   loop: L2 mov x_i, y_i              C  mov i=1, mov mdp (2), add.s64,     nvcc walks pointers (add.s64 x2,
 *                                         L1 ld x_i, C2 sub, add.s64,        mov.u64 x2) and loads each
 *                                         L1 ld y_i                          point next to its use
 *   C  sub mul sub fma (4)             C  sub mul fma (3)                    fma again
 *   C  setp.ge, bra If, mov, mov (4)   C  setp.lt, selp x2, add.s32 i (4)    if-conversion: two selp, no
 *                                                                            branch; i++ is explicit
 *   C  bra Loop (1)                    C  setp.lt, mov.u64 x2, @p bra (4)    the loop test sits at the bottom
 * Both count 7 loads before the loop's compare and 2 per iteration; nvcc has more C (address
 * arithmetic, thread ids, a rotated loop). */
typedef struct fixture_case {
    const char *file;
    uint32_t flow;
    const char *path;
    uint32_t loop;
    const char *kernel;
    uint64_t mix[4]; /* L, C, S, D */
} fixture_case;

static const fixture_case fixtures[] = {
    {"voronoi.sm75.ptx", WSP_HOST_PTX_PREFIX, NULL, 0, "L5 C11 L1 C2 L1 C6", {7, 19, 0, 0}},
    {"voronoi.sm90.ptx", WSP_HOST_PTX_PREFIX, NULL, 0, "L5 C11 L1 C2 L1 C6", {7, 19, 0, 0}},
    {"voronoi.sm75.ptx", WSP_HOST_PTX_PATH, "not-taken", 0, "L5 C11 L1 C2 L1 C9 L1 C2 L1 C11", {9, 35, 0, 0}},
    {"voronoi.sm90.ptx", WSP_HOST_PTX_PATH, "n", 0, "L5 C11 L1 C2 L1 C9 L1 C2 L1 C11", {9, 35, 0, 0}},
    {"voronoi.sm75.ptx", WSP_HOST_PTX_WORST, NULL, 2, "L5 C11 L1 C2 L1 C9 L1 C2 L1 C12 L1 C2 L1 C15 L1 C1",
     {12, 54, 0, 0}},
    /* SAXPY: 4 parameters, then x[i], y[i] and the store: 7 L on the path through the body */
    {"saxpy.sm75.ptx", WSP_HOST_PTX_WORST, NULL, 0, "L4 C10 L1 C1 L1 C1 L1 C1", {7, 13, 0, 0}},
    {"saxpy.sm90.ptx", WSP_HOST_PTX_LOOP, NULL, 1, "L4 C10 L1 C1 L1 C1 L1 C1", {7, 13, 0, 0}},
    {"saxpy.sm75.ptx", WSP_HOST_PTX_PREFIX, NULL, 0, "L4 C6", {4, 6, 0, 0}},
    /* the reduction: bar.sync is C; shared loads and stores are L */
    {"reduce.sm75.ptx", WSP_HOST_PTX_WORST, NULL, 2, "L3 C10 L1 C3 L1 C8 L2 C1 L1 C8 L2 C1 L1 C6 L1 C3 L1 C1",
     {13, 41, 0, 0}},
    /* __sinf, __expf (mul + ex2.approx), rsqrtf: 3 S */
    {"sfu.sm75.ptx", WSP_HOST_PTX_PREFIX, NULL, 0, "L2 C8 L1 S1 C1 S2 C2 L1 C1", {4, 12, 3, 0}},
    {"sfu.sm90.ptx", WSP_HOST_PTX_WORST, NULL, 0, "L2 C8 L1 S1 C1 S2 C2 L1 C1", {4, 12, 3, 0}},
    /* 4 fma.rn.f64, sqrt.rn.f64, div.rn.f64: 6 D; ld/st .f64 stay L */
    {"dp.sm75.ptx", WSP_HOST_PTX_PREFIX, NULL, 0, "L2 C8 L1 D6 C1 L1 C1", {4, 10, 0, 6}},
    {"dp.sm90.ptx", WSP_HOST_PTX_PREFIX, NULL, 0, "L2 C8 L1 D6 C1 L1 C1", {4, 10, 0, 6}},
};

static void test_fixtures(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof fixtures / sizeof fixtures[0]; ++i) {
        const fixture_case *c = &fixtures[i];
        size_t length = 0;
        const char *text = load_fixture(c->file, &length);
        wsp_host_ptx_options o;
        memset(&o, 0, sizeof o);
        o.flow = c->flow;
        o.path = c->path;
        o.loop = c->loop;
        char kernel[256];
        wsp_host_ptx_report r;
        wsp_diag d;
        wsp_status s = wsp_host_ptx_read(text, length, &o, kernel, sizeof kernel, &r, &d);
        if (s != WSP_OK) fail_msg("%s: %s", c->file, r.message);
        if (strcmp(kernel, c->kernel) != 0) fail_msg("%s (case %zu): got %s, want %s", c->file, i, kernel, c->kernel);
        for (int u = 0; u < 4; ++u) assert_int_equal(r.mix[u], c->mix[u]);
        assert_int_equal(r.instructions, c->mix[0] + c->mix[1] + c->mix[2] + c->mix[3]);
        assert_int_equal(r.unclassified, 0);
        assert_int_equal(r.entries, 1);
        assert_int_equal(r.kernel_length, strlen(c->kernel));
    }
}

/* ---- control flow on a hand-written snippet ------------------------------------------------------- */
/* Instructions, 0-based: 0 L, 1 C, 2 C (@p bra SKIP, forward), 3 L, 4 S, 5 C, 6 D, 7 C, 8 C,
 * 9 C (@p bra LOOP, backward), 10 L, 11 C (ret). */
static const char snippet[] =
    "//\n// hand-written\n//\n.version 9.0\n.target sm_75\n.address_size 64\n\n"
    "/* a block comment\n   over two lines */\n"
    ".visible .entry k(\n\t.param .u64 k_param_0\n)\n.maxntid 256, 1, 1\n{\n"
    "\t.reg .pred %p<3>;\n\t.reg .f32 %f<3>;\n\t.pragma \"nounroll\";\n"
    "\tld.param.u64 %rd1, [k_param_0];\n"
    "\tsetp.eq.s32 %p1, %r1, 0;\n"
    "\t@%p1 bra SKIP;\n"
    "\tld.global.f32 %f1, [%rd1];\n"
    "\tsin.approx.f32 %f2, %f1;\n"
    "SKIP:\n\tmov.u32 %r2, 0;\n"
    "LOOP:\n\tadd.f64 %fd1, %fd1, %fd2;\n"
    "\tadd.s32 %r2, %r2, 1;\n"
    "\tsetp.lt.s32 %p2, %r2, 4;\n"
    "\t@%p2 bra LOOP;\n"
    "\tst.global.f32 [%rd1], %f1;\n"
    "\tret;\n}\n";

typedef struct flow_case {
    uint32_t flow;
    const char *path;
    uint32_t loop;
    const char *kernel;
    uint32_t branches;
} flow_case;

static const flow_case flows[] = {
    {WSP_HOST_PTX_PREFIX, NULL, 0, "L1 C2", 1},
    {WSP_HOST_PTX_PATH, "", 0, "L1 C2", 1},
    {WSP_HOST_PTX_PATH, "n", 0, "L1 C2 L1 S1 C1 D1 C3", 2},
    {WSP_HOST_PTX_PATH, "t,n", 0, "L1 C3 D1 C3 L1 C1", 2},
    {WSP_HOST_PTX_PATH, "taken, taken, not-taken", 0, "L1 C3 D1 C3 D1 C3 L1 C1", 3},
    {WSP_HOST_PTX_LOOP, NULL, 0, "L1 C2 L1 S1 C1 D1 C3 L1 C1", 2},
    {WSP_HOST_PTX_LOOP, NULL, 3, "L1 C2 L1 S1 C1 D1 C3 D1 C3 D1 C3 L1 C1", 4},
    {WSP_HOST_PTX_WORST, NULL, 0, "L1 C2 L1 S1 C1 D1 C3 L1 C1", 2},
    {WSP_HOST_PTX_WORST, NULL, 2, "L1 C2 L1 S1 C1 D1 C3 D1 C3 L1 C1", 3},
};

static void test_flows(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof flows / sizeof flows[0]; ++i) {
        wsp_host_ptx_options o;
        memset(&o, 0, sizeof o);
        o.flow = flows[i].flow;
        o.path = flows[i].path;
        o.loop = flows[i].loop;
        char kernel[128];
        wsp_host_ptx_report r;
        wsp_status s = wsp_host_ptx_read(snippet, sizeof snippet - 1, &o, kernel, sizeof kernel, &r, NULL);
        if (s != WSP_OK) fail_msg("case %zu: %s", i, r.message);
        if (strcmp(kernel, flows[i].kernel) != 0) fail_msg("case %zu: got %s, want %s", i, kernel, flows[i].kernel);
        if (r.conditional_branches != flows[i].branches) fail_msg("case %zu: %u branches", i, r.conditional_branches);
        assert_string_equal(r.entry, "k");
    }
}

/* An opcode the reader does not know is an error that lists every line it stands on (issue 17). */
static void test_unclassified(void **state) {
    (void)state;
    const char text[] = ".version 9.0\n.visible .entry k()\n{\n\tfrob.b32 %r1;\n\tfrob.b32 %r1;\n\tld.b32 %r1, [a];\n"
                        "\tldd.global.f32 %f1, [a];\n\tret;\n}\n";
    char kernel[64];
    wsp_host_ptx_report r;
    wsp_diag d;
    assert_int_equal(wsp_host_ptx_read(text, sizeof text - 1, NULL, kernel, sizeof kernel, &r, &d), WSP_ERR_PTX);
    assert_non_null(strstr(r.message, "3 instructions of an unknown opcode"));
    assert_non_null(strstr(r.message, "line 4: frob.b32; line 5: frob.b32; line 7: ldd.global.f32"));
    assert_int_equal(d.status, WSP_ERR_PTX);
    assert_int_equal(d.field, WSP_FIELD_PTX);
    assert_int_equal(r.unclassified, 0);
}

/* A size query, then too small a buffer. */
static void test_buffer(void **state) {
    (void)state;
    wsp_host_ptx_report r;
    wsp_diag d;
    assert_int_equal(wsp_host_ptx_read(snippet, sizeof snippet - 1, NULL, NULL, 0, &r, &d), WSP_OK);
    assert_int_equal(r.kernel_length, 5);
    char small[5];
    assert_int_equal(wsp_host_ptx_read(snippet, sizeof snippet - 1, NULL, small, sizeof small, &r, &d),
                     WSP_ERR_WORKSPACE_SIZE);
    assert_int_equal(d.status, WSP_ERR_WORKSPACE_SIZE);
    assert_int_equal(d.field, WSP_FIELD_OUTPUT);
    assert_int_equal(r.kernel_length, 5);
    assert_int_equal(wsp_host_ptx_read(NULL, 3, NULL, NULL, 0, &r, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_PTX);
    assert_int_equal(wsp_host_ptx_read(snippet, sizeof snippet - 1, NULL, NULL, 0, &r, &d), WSP_OK);
    assert_int_equal(d.status, WSP_OK);
    assert_int_equal(d.field, WSP_FIELD_NONE);
    assert_string_equal(d.message, "");
}

/* Every reserved word of the options (1..9): refused before the text is read. */
static void test_reserved_words(void **state) {
    (void)state;
    for (uint32_t k = 0; k < 9; ++k) {
        wsp_host_ptx_options o;
        wsp_host_ptx_report r;
        wsp_diag d;
        char kernel[64];
        memset(&o, 0, sizeof o);
        o.reserved[k] = 1;
        assert_int_equal(wsp_host_ptx_read(snippet, sizeof snippet - 1, &o, kernel, sizeof kernel, &r, &d),
                         WSP_ERR_RESERVED);
        assert_int_equal(d.field, WSP_FIELD_RESERVED);
        assert_int_equal(d.index, k + 1);
        assert_non_null(strstr(r.message, "reserved word"));
    }
}

/* ---- errors: each with its status, line and words in the message -------------------------------- */
typedef struct error_case {
    const char *name;
    const char *text;
    size_t length;  /* 0: strlen */
    const char *entry;
    uint32_t flow;
    const char *path;
    uint32_t max_instructions;
    wsp_status status;
    size_t line;
    const char *message;
} error_case;

#define ENTRY ".version 9.0\n.visible .entry k()\n{\n"
static const error_case errors[] = {
    {"empty", "", 0, NULL, WSP_HOST_PTX_PREFIX, NULL, 0, WSP_ERR_PTX, 0, "no .entry"},
    {"only directives", ".version 9.0\n.target sm_75\n", 0, NULL, WSP_HOST_PTX_PREFIX, NULL, 0, WSP_ERR_PTX, 0, "no .entry"},
    {"truncated body", ENTRY "\tld.param.u64 %rd1, [p];\n\tmov.u32", 0, NULL, WSP_HOST_PTX_PREFIX, NULL, 0, WSP_ERR_PTX, 3,
     "truncated: the body of 'k'"},
    {"truncated statement", ".version 9.0\n.global .u32 x", 0, NULL, WSP_HOST_PTX_PREFIX, NULL, 0, WSP_ERR_PTX, 2, "truncated"},
    {"truncated comment", ENTRY "/* never closed\n", 0, NULL, WSP_HOST_PTX_PREFIX, NULL, 0, WSP_ERR_PTX, 4,
     "comment opened here is not closed"},
    {"truncated string", ENTRY ".pragma \"nounroll;\n}\n", 0, NULL, WSP_HOST_PTX_PREFIX, NULL, 0, WSP_ERR_PTX, 4,
     "string is not closed"},
    {"ELF junk", "\x7f" "ELF\x02\x01\x01", 0, NULL, WSP_HOST_PTX_PREFIX, NULL, 0, WSP_ERR_PTX, 1, "binary data: byte 0x7f"},
    {"NUL byte", ENTRY "\tret;\n\0}\n", sizeof(ENTRY "\tret;\n\0}\n") - 1, NULL, WSP_HOST_PTX_PREFIX, NULL, 0, WSP_ERR_PTX, 5,
     "byte 0x00"},
    {"unknown directive", ".version 9.0\n.frobnicate 3;\n", 0, NULL, WSP_HOST_PTX_PREFIX, NULL, 0, WSP_ERR_PTX, 2,
     "unknown directive '.frobnicate'"},
    {"unknown body directive", ENTRY "\t.frob %r;\n}\n", 0, NULL, WSP_HOST_PTX_PREFIX, NULL, 0, WSP_ERR_PTX, 4,
     "unknown directive '.frob'"},
    {"text outside a function", ".version 9.0\nmov.u32 %r1, 0;\n", 0, NULL, WSP_HOST_PTX_PREFIX, NULL, 0, WSP_ERR_PTX, 2,
     "outside a function"},
    {"unbalanced close", ".version 9.0\n}\n", 0, NULL, WSP_HOST_PTX_PREFIX, NULL, 0, WSP_ERR_PTX, 2, "unbalanced '}'"},
    {"brace without header", ".version 9.0\n{\n}\n", 0, NULL, WSP_HOST_PTX_PREFIX, NULL, 0, WSP_ERR_PTX, 2,
     "'{' outside a function"},
    {"missing semicolon", ENTRY "\tret\n}\n", 0, NULL, WSP_HOST_PTX_PREFIX, NULL, 0, WSP_ERR_PTX, 4, "missing ';'"},
    {"not an instruction", ENTRY "\t42 %r1;\n}\n", 0, NULL, WSP_HOST_PTX_PREFIX, NULL, 0, WSP_ERR_PTX, 4,
     "expected an instruction"},
    {"undefined label", ENTRY "\tbra NOWHERE;\n}\n", 0, NULL, WSP_HOST_PTX_PREFIX, NULL, 0, WSP_ERR_PTX, 4,
     "'NOWHERE', which is no label"},
    {"label twice", ENTRY "A:\nA:\n\tret;\n}\n", 0, NULL, WSP_HOST_PTX_PREFIX, NULL, 0, WSP_ERR_PTX, 5, "defined twice"},
    {"entry twice", ENTRY "\tret;\n}\n.visible .entry k()\n{\n\tret;\n}\n", 0, NULL, WSP_HOST_PTX_PREFIX, NULL, 0,
     WSP_ERR_PTX, 7, ".entry 'k' defined twice"},
    {"no instructions", ENTRY "}\n", 0, NULL, WSP_HOST_PTX_PREFIX, NULL, 0, WSP_ERR_PTX, 3, "has no instructions"},
    {"missing entry", ENTRY "\tret;\n}\n", 0, "nope", WSP_HOST_PTX_PREFIX, NULL, 0, WSP_ERR_PTX, 0,
     "no .entry named 'nope' (the entries: k)"},
    {"several entries", ENTRY "\tret;\n}\n.visible .entry second()\n{\n\tret;\n}\n", 0, NULL, WSP_HOST_PTX_PREFIX, NULL,
     0, WSP_ERR_PTX, 0, "2 .entry functions (k, second): name one (--entry)"},
    {"bad path word", ENTRY "\t@%p bra A;\nA:\n\tret;\n}\n", 0, NULL, WSP_HOST_PTX_PATH, "t,maybe", 0, WSP_ERR_RANGE, 0,
     "'maybe' is neither taken"},
    {"path too long", ENTRY "\t@%p bra A;\nA:\n\tret;\n}\n", 0, NULL, WSP_HOST_PTX_PATH, "t,t", 0, WSP_ERR_RANGE, 0,
     "2 choices given, but the walk met only 1"},
    {"endless loop", ENTRY "A:\n\tadd.s32 %r1, %r1, 1;\n\tbra A;\n}\n", 0, NULL, WSP_HOST_PTX_LOOP, NULL, 100,
     WSP_ERR_RANGE, 6, "endless loop"},
    {"endless loop, worst", ENTRY "A:\n\tadd.s32 %r1, %r1, 1;\n\tbra A;\n}\n", 0, NULL, WSP_HOST_PTX_WORST, NULL, 0,
     WSP_ERR_PTX, 5, "never reaches ret or exit: an endless loop"},
    {"indirect branch", ENTRY "\tbrx.idx %r1, tbl;\n\tret;\n}\n", 0, NULL, WSP_HOST_PTX_LOOP, NULL, 0, WSP_ERR_PTX, 4,
     "indirect branches are not followed"},
};

static void test_errors(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof errors / sizeof errors[0]; ++i) {
        const error_case *c = &errors[i];
        wsp_host_ptx_options o;
        memset(&o, 0, sizeof o);
        o.entry = c->entry;
        o.flow = c->flow;
        o.path = c->path;
        o.max_instructions = c->max_instructions;
        char kernel[64];
        wsp_host_ptx_report r;
        wsp_diag d;
        const size_t length = c->length ? c->length : strlen(c->text);
        wsp_status s = wsp_host_ptx_read(c->text, length, &o, kernel, sizeof kernel, &r, &d);
        if (s != c->status) fail_msg("%s: status %d (%s), want %d", c->name, (int)s, r.message, (int)c->status);
        if (r.line != c->line) fail_msg("%s: line %u, want %zu (%s)", c->name, (unsigned)r.line, c->line, r.message);
        if (strstr(r.message, c->message) == NULL) fail_msg("%s: message '%s' lacks '%s'", c->name, r.message, c->message);
        assert_int_equal(d.status, c->status);
        assert_int_equal(d.field, c->status == WSP_ERR_RANGE ? WSP_FIELD_PTX_OPTIONS : WSP_FIELD_PTX);
        assert_int_equal(d.line, c->line);
        assert_int_equal(d.column, 0);
        /* every prefix of the text is an error or a kernel, never a crash (a cheap truncation sweep) */
        for (size_t cut = 0; cut < length; ++cut)
            (void)wsp_host_ptx_read(c->text, cut, &o, kernel, sizeof kernel, &r, &d);
    }
}

/* Every prefix of a real fixture: an error naming a line, or a kernel; never a crash. */
static void test_truncations(void **state) {
    (void)state;
    size_t length = 0;
    const char *text = load_fixture("reduce.sm75.ptx", &length);
    for (size_t cut = 0; cut < length; cut += 7) {
        char kernel[256];
        wsp_host_ptx_report r;
        wsp_status s = wsp_host_ptx_read(text, cut, NULL, kernel, sizeof kernel, &r, NULL);
        assert_true(s == WSP_OK || s == WSP_ERR_PTX);
        if (s == WSP_ERR_PTX) assert_true(r.message[0] != '\0');
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fixtures),   cmocka_unit_test(test_flows),  cmocka_unit_test(test_unclassified),
        cmocka_unit_test(test_buffer),     cmocka_unit_test(test_errors), cmocka_unit_test(test_truncations),
        cmocka_unit_test(test_reserved_words),
    };
    return cmocka_run_group_tests_name("ptx", tests, NULL, NULL);
}
