# warpspan: convenience targets for people and CI, and a CMake-free build of the core for any target.
#
#   make              host library and CLI (CMake), CLI at build/warpspan
#   make run          analyse the Voronoi benchmark (examples/voronoi.cfg): the bounds, the witness
#                     search and the exact solver for a million states (a bracket for W = 16; seconds)
#   make bench        the bounds', the annealer's, the exact solver's and the ILP's benchmarks (tools/bench;
#                     tens of minutes)
#   make bench-anneal the witness search's benchmark alone (decoding speed, Voronoi W = 16 in 1 s,
#                     random instances against T(W)); one thread, a few minutes
#   make bench-ilp    the ILP's benchmark alone: short, long and strong rows (docs/ilp_strong.md) for
#                     LLCLL W = 1..6 and Voronoi W = 1..4, 60 s per solve (about 10 minutes)

#   make bench-budget --timeout 1 from tiny inputs to W = 65536 and 100000-segment kernels: budget
#                     asked for, wall-clock time taken, overrun against budget + 10 % + 50 ms (minutes)
#   make stress       the adversarial suite: differential test against an independent exhaustive
#                     oracle (thousands of random cases), the C API abuse program under ASan/UBSan,
#                     the CLI edge-value table (a few minutes; make check runs a slice of each)
#   make bench-pws    PWS on compiler-shaped graphs: no splitting / Select / optimal kernel WCETs,
#                     brute-force checks and times per graph (seconds)
#   make bench-bracket the anytime bracket on real PTX kernels x sm_70/80/90 x W 8..64 against the
#                     witness search + exact search with the same budget (BRACKET_SECONDS per case,
#                     default 10: about 135 x 2 x S; BRACKET_QUICK=1: 6 cases of 0.5 s)
#                     BRACKET_LOWER_VS_ANNEAL=1: the witness search for LOWER_SECONDS (10) against
#                     paper 003's annealer for ANNEAL_SECONDS (60) per case, one thread each;
#                     subsets: BRACKET_KERNEL=saxpy,dp BRACKET_ARCH=sm_80 BRACKET_W=16,64
#   make bench-which-end which end of the bracket is loose: the nine kernels at W = 2, 3, 4, upper/T and
#                     T/witness where the exact search settles T(W) (WHICH_END_SECONDS per method,
#                     default 10; about 6 minutes)
#   make check        every test: host, the installed packages (static and shared), exported symbols,
#                     the ABI against abi/ (libabigail), ASan+UBSan, a build without lp_solve, fixed
#                     seeded libFuzzer runs, Cortex-M4 core build, symbol checks
#   make fuzz         the libFuzzer targets (tests/fuzz: kernel strings, configuration files, PTX, PWS
#                     graphs) with clang, each for FUZZ_SECONDS (default 60); crashes land in build/fuzz/
#   make lib          the core archive only, without CMake: honours CC, CXX, AR, CROSS_COMPILE,
#                     CXXFLAGS (e.g. make lib CROSS_COMPILE=arm-none-eabi- CXXFLAGS="-Os -mcpu=...")
#   make shared       the core as a shared library without CMake (build/shared-host/libwarpspan.so.X.Y.Z,
#                     SONAME libwarpspan.so.X, exports only the C API; honours CXX, CXXFLAGS, LDFLAGS)
#   make abi-baseline regenerate the committed ABI baseline (abi/) on purpose: tools/abi-baseline.sh
#   make cross        the core for Cortex-M4 (arm-none-eabi), freestanding, and the public structs'
#                     layouts checked against the pinned ILP32 ones (tests/test_abi.c)
#   make firmware     the bare-metal example (examples/firmware/) under QEMU (mps2-an386), compared
#                     with its host twin
#   make size         code and data of the Cortex-M4 core (-Os) per module: whole archive and what
#                     the firmware example links; instructions (QEMU -icount) and stack of each
#                     proven upper bound (tools/bounds-cost.sh)
#   make stack        worst-case stack depth of each public call on Cortex-M4 (-fstack-usage,
#                     -fcallgraph-info=su); fails above 1 KiB
#   make examples     remake the example tables of examples/ (voronoi_table.h) byte for byte from their
#                     work budgets (tools/example-table.sh; CTest example_table checks them)
#   make help         this list
#   make clean
include sources.mk

CROSS_COMPILE ?=
ifeq ($(origin CC),default)
CC = $(CROSS_COMPILE)gcc
endif
ifeq ($(origin CXX),default)
CXX = $(CROSS_COMPILE)g++
endif
ifeq ($(origin AR),default)
AR = $(CROSS_COMPILE)ar
endif
NM ?= $(CROSS_COMPILE)nm
CXXFLAGS ?= -O2
TARGET_NAME := $(if $(CROSS_COMPILE),$(patsubst %-,%,$(CROSS_COMPILE)),host)
LIB_DIR ?= build/lib-$(TARGET_NAME)
# Hidden visibility: only the declarations marked WSP_API (include/warpspan.h) are exported.
CORE_FLAGS := -std=c++17 -fno-exceptions -fno-rtti -fno-threadsafe-statics -Wall -Wextra -Wshadow \
	-fvisibility=hidden -fvisibility-inlines-hidden -Iinclude -Ilib -Iport
CORE_OBJS := $(patsubst %.cpp,$(LIB_DIR)/%.o,$(WSP_CORE_SOURCES))

# The version lives in include/warpspan.h only (as for CMake): the shared library's file name and SONAME.
VERSION := $(shell sed -n 's/^\#define WSP_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\).*/\2/p' include/warpspan.h | \
	paste -sd. -)
VERSION_MAJOR := $(firstword $(subst ., ,$(VERSION)))
SONAME := libwarpspan.so.$(VERSION_MAJOR)
SHARED_DIR ?= build/shared-$(TARGET_NAME)
SHARED_OBJS := $(patsubst %.cpp,$(SHARED_DIR)/%.o,$(WSP_CORE_SOURCES))

HOST_DIR := build/host
ASAN_DIR := build/asan
# make check's CTest entries left out under the sanitizers (see the check target).
ASAN_SKIP_TESTS := docs|example_table|ptx_fixtures|docs_runner|plots_svg_selftest
# The shared libraries as make check builds them: with -g for the ABI check (abidw reads DWARF), without
# optimisation (Debug): the ABI dump is the same as RelWithDebInfo's, and the build takes a third less.
SHARED_BUILD_DIR := build/shared
SHARED_CMAKE_FLAGS := -DCMAKE_BUILD_TYPE=Debug -DBUILD_SHARED_LIBS=ON -DWARPSPAN_BUILD_CLI=OFF \
	-DWARPSPAN_BUILD_EXAMPLES=OFF -DWARPSPAN_BUILD_BENCH=OFF -DWARPSPAN_BUILD_TESTS=OFF
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# ctest in make check: twice the cores, as many tests wait on subprocesses (the CLI, python3, nvcc)
# and files rather than compute; the longest start first (their COST in tests/CMakeLists.txt).
CHECK_TEST_JOBS ?= $(shell echo $$(( 2 * $(JOBS) )))
HOST_CMAKE_FLAGS := -DCMAKE_BUILD_TYPE=Release -DWARPSPAN_BUILD_CLI=ON -DWARPSPAN_BUILD_EXAMPLES=ON
# cmake's own make runs quietly (no "Entering directory" lines from the parent's flags).
cmake_build = MAKEFLAGS= cmake --build $(1) --parallel $(JOBS) -- --no-print-directory
# make check's own sub-makes (make shared, cross, firmware, stack) compile on JOBS cores, unless make
# runs with -j already (then they share its jobs).
submake = $(MAKE) --no-print-directory $(if $(filter -j%,$(MAKEFLAGS)),,-j$(JOBS))
# lp_solve: its headers (liblpsolve55-dev) and its shared library (lp-solve): it is linked dynamically.
HOST_PACKAGES := cmake g++ make liblpsolve55-dev lp-solve
# clang and its runtime libraries (libclang_rt.fuzzer, ASan, UBSan) for the fuzz targets.
FUZZ_PACKAGES := cmake make clang libclang-rt-dev
# python3: the doc test, the size and stack reports; python3-jsonschema: the CLI's JSON outputs against
# docs/schema/ (tests/validate_json.py); abigail-tools: abidw and abidiff for the ABI check
# (tools/check-abi.sh); librsvg2-bin: rsvg-convert, which renders the plots (tests/svg_check.py).
CHECK_PACKAGES := $(HOST_PACKAGES) libcmocka-dev pkg-config python3 python3-jsonschema gcc-arm-none-eabi \
	libstdc++-arm-none-eabi-dev libnewlib-arm-none-eabi qemu-system-arm abigail-tools librsvg2-bin $(FUZZ_PACKAGES)
CORTEX_M4_FLAGS := -Os -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 -ffreestanding \
	-ffunction-sections -fdata-sections
# make cross compiles the Cortex-M4 core once, for make stack too: these two flags only write reports
# beside each object (NAME.su, NAME.ci: frame sizes and the call graph) and leave the code unchanged.
CROSS_REPORT_FLAGS := -fstack-usage -fcallgraph-info=su
CROSS_DIR := build/lib-arm-none-eabi

FUZZ_DIR := build/fuzz
# make check's unoptimised fuzz build, in a folder of its own so that make fuzz keeps its Release build.
FUZZ_CHECK_DIR := build/fuzz-check
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := kernel config ptx pws
# Everything instrumented (coverage, ASan, UBSan); only the core and the parsers are needed.
# FUZZ_BUILD_TYPE: Release for make fuzz; make check's fixed seeded runs build without optimisation
# (None, in FUZZ_CHECK_DIR: a fifth less time for building and running 20000 inputs per target).
FUZZ_BUILD_TYPE ?= Release
FUZZ_CMAKE_FLAGS := -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=$(FUZZ_BUILD_TYPE) \
	-DWARPSPAN_BUILD_FUZZ=ON -DWARPSPAN_BUILD_CLI=OFF -DWARPSPAN_BUILD_EXAMPLES=OFF \
	-DWARPSPAN_BUILD_BENCH=OFF -DWARPSPAN_WITH_LPSOLVE=OFF

.PHONY: FORCE all run bench bench-anneal bench-ilp bench-pws bench-bracket bench-which-end bench-budget stress check lib shared cross \
	firmware size stack clean deps-host deps-check deps-fuzz host asan fuzz fuzz-build abi-baseline examples help

all: host

deps-host:
	@bash tools/ensure-deps.sh $(HOST_PACKAGES)

deps-check:
	@bash tools/ensure-deps.sh $(CHECK_PACKAGES)

deps-fuzz:
	@bash tools/ensure-deps.sh $(FUZZ_PACKAGES)

fuzz-build:
	@cmake -S . -B $(FUZZ_DIR) $(FUZZ_CMAKE_FLAGS) >/dev/null
	@$(call cmake_build,$(FUZZ_DIR))

# Open-ended fuzzing: each target for FUZZ_SECONDS, its corpus growing in build/fuzz/corpus_NAME
# (seeded from tests/fuzz/corpus/NAME); a crash leaves crash-* in build/fuzz and stops make.
fuzz: deps-fuzz fuzz-build
	@for t in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_DIR)/corpus_$$t; \
		dict=; test -f tests/fuzz/$$t.dict && dict=-dict=tests/fuzz/$$t.dict; \
		echo "== fuzz_$$t for $(FUZZ_SECONDS) s"; \
		$(FUZZ_DIR)/tests/fuzz/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -max_len=512 -timeout=10 \
			-artifact_prefix=$(FUZZ_DIR)/ $$dict $(FUZZ_DIR)/corpus_$$t tests/fuzz/corpus/$$t \
			>$(FUZZ_DIR)/fuzz_$$t.log 2>&1 || { tail -n 60 $(FUZZ_DIR)/fuzz_$$t.log; exit 1; }; \
		grep -E '^(#[0-9]+ +DONE|Done)' $(FUZZ_DIR)/fuzz_$$t.log; \
	done

host: deps-host
	@cmake -S . -B $(HOST_DIR) $(HOST_CMAKE_FLAGS) >/dev/null
	@$(call cmake_build,$(HOST_DIR))
	@cp $(HOST_DIR)/warpspan build/warpspan
	@echo "built build/warpspan and $(HOST_DIR)/libwarpspan.a"

# Budgets in work, not seconds: the same bracket on every machine (README.md shows it, the doc test checks it).
run: host
	./build/warpspan examples/voronoi.cfg --method bound,lower,exact --budget 1000000

examples: host
	@bash tools/example-table.sh build/warpspan

help:
	@sed -n '3,/^#   make clean/s/^# \{0,1\}//p' Makefile

bench: host
	$(HOST_DIR)/bounds_bench
	$(HOST_DIR)/anneal_bench
	$(HOST_DIR)/exact_bench
	$(HOST_DIR)/ilp_bench

bench-ilp: host
	$(HOST_DIR)/ilp_bench 60 6 4

bench-anneal: host
	$(HOST_DIR)/anneal_bench

bench-pws: host
	$(HOST_DIR)/pws_bench

bench-bracket: host
	$(HOST_DIR)/bracket_bench

# Which end of the bracket is loose where T(W) is known (W = 2, 3, 4): tools/bench/which_end.py.
WHICH_END_SECONDS ?= 10
bench-which-end: host
	python3 tools/bench/which_end.py --warpspan $(HOST_DIR)/warpspan --seconds $(WHICH_END_SECONDS)

# Budgets as wall-clock promises (issue 18): --timeout 1 on inputs from tiny to W = 65536 and
# 100000-segment kernels, every method; requested budget, time taken, overrun against budget + 10 % + 50 ms.
bench-budget: host
	python3 tools/bench/budget_bench.py --warpspan $(HOST_DIR)/warpspan

# The adversarial suite (issue 18), a few minutes: the differential test against the independent
# exhaustive oracle (STRESS_CASES random problems, STRESS_SEED or a fresh seed, printed), the C API
# abuse program under ASan and UBSan with many random rounds, and the CLI edge-value table in full
# (under ASan too). make check runs a short slice of each.
STRESS_CASES ?= 3000
STRESS_SEED ?=
stress: host
	python3 tests/differential.py --warpspan $(HOST_DIR)/warpspan --cases $(STRESS_CASES) \
		$(if $(STRESS_SEED),--seed $(STRESS_SEED))
	@cmake -S . -B $(ASAN_DIR) -DCMAKE_BUILD_TYPE=Debug -DWARPSPAN_BUILD_CLI=ON \
		-DWARPSPAN_BUILD_EXAMPLES=ON -DWARPSPAN_BUILD_TESTS=ON -DWARPSPAN_SANITIZE=ON >/dev/null
	@$(call cmake_build,$(ASAN_DIR))
	WSP_ABUSE_ROUNDS=20000 ASAN_OPTIONS=allocator_may_return_null=1 $(ASAN_DIR)/tests/test_api_abuse
	ASAN_OPTIONS=allocator_may_return_null=1 python3 tests/cli_edges.py --warpspan $(ASAN_DIR)/warpspan
	python3 tests/cli_edges.py --warpspan $(HOST_DIR)/warpspan --full

check: deps-check
	@echo "== host build and tests"
	@cmake -S . -B $(HOST_DIR) $(HOST_CMAKE_FLAGS) -DWARPSPAN_BUILD_TESTS=ON >/dev/null
	@$(call cmake_build,$(HOST_DIR))
	@cp $(HOST_DIR)/warpspan build/warpspan
	@cd $(HOST_DIR) && ctest --output-on-failure -j $(CHECK_TEST_JOBS)
	@bash tools/check-lpsolve-dynamic.sh $(HOST_DIR)
	@echo "== shared libraries (BUILD_SHARED_LIBS=ON, with -g) and make shared"
	@cmake -S . -B $(SHARED_BUILD_DIR) $(SHARED_CMAKE_FLAGS) >/dev/null
	@$(call cmake_build,$(SHARED_BUILD_DIR))
	@$(submake) shared
	@echo "== the installed packages, static and shared: find_package(warpspan) and pkg-config consumers"
	@JOBS=$(JOBS) bash tools/check-install.sh $(HOST_DIR) $(SHARED_BUILD_DIR)
	@echo "== exported symbols: each shared library exactly its C API, each archive no foreign global name"
	@bash tools/check-exports.sh $(SHARED_BUILD_DIR)/libwarpspan.so.$(VERSION_MAJOR) \
		$(SHARED_BUILD_DIR)/libwarpspan_host.so.$(VERSION_MAJOR) $(SHARED_DIR)/libwarpspan.so.$(VERSION) \
		$(HOST_DIR)/libwarpspan.a $(HOST_DIR)/libwarpspan_host.a
	@echo "== ABI: the check's self-test (tests/abi), then the libraries against the baseline in abi/"
	@bash tests/abi/self-test.sh >build/abi-self-test.txt || { cat build/abi-self-test.txt; exit 1; }
	@tail -n 1 build/abi-self-test.txt
	@bash tools/check-abi.sh $(SHARED_BUILD_DIR)
	@echo "== tests under AddressSanitizer and UndefinedBehaviorSanitizer"
	@cmake -S . -B $(ASAN_DIR) -DCMAKE_BUILD_TYPE=Debug -DWARPSPAN_BUILD_CLI=ON \
		-DWARPSPAN_BUILD_EXAMPLES=ON -DWARPSPAN_BUILD_TESTS=ON -DWARPSPAN_BUILD_BENCH=OFF \
		-DWARPSPAN_SANITIZE=ON >/dev/null
	@$(call cmake_build,$(ASAN_DIR))
	@# Left out here, run in the Release stage above: tests that execute no instrumented code of ours
	@# but compare text or run scripts alone (docs, example_table, ptx_fixtures: nvcc and diff,
	@# docs_runner and plots_svg_selftest: python3 on fixtures); the CLI runs under the sanitizers in
	@# the cli entries, cli_edges, json_schema and plots_svg.
	@cd $(ASAN_DIR) && ctest --output-on-failure -j $(CHECK_TEST_JOBS) \
		-E '^($(ASAN_SKIP_TESTS))$$'
	@echo "== a build without lp_solve (every method but the ILP)"
	@JOBS=$(JOBS) bash tools/check-no-lpsolve.sh build/nolp
	@echo "== fuzz targets (libFuzzer + ASan + UBSan, clang): a fixed seeded run of each"
	@$(MAKE) --no-print-directory fuzz-build FUZZ_BUILD_TYPE=None FUZZ_DIR=$(FUZZ_CHECK_DIR)
	@cd $(FUZZ_CHECK_DIR) && ctest --output-on-failure -j $(JOBS)
	@echo "== core for Cortex-M4 (arm-none-eabi, freestanding)"
	@$(submake) cross
	@echo "== allocation-free, exception-free, RTTI-free core archives"
	@bash tools/check-symbols.sh nm $(HOST_DIR)/libwarpspan.a
	@bash tools/check-symbols.sh arm-none-eabi-nm build/lib-arm-none-eabi/libwarpspan.a
	@NM=arm-none-eabi-nm bash tools/check-exports.sh build/lib-arm-none-eabi/libwarpspan.a
	@echo "== firmware under QEMU (mps2-an386) against the host, and its image's symbols"
	@$(submake) firmware HOST_CORE_LIB=$(HOST_DIR)/libwarpspan.a
	@echo "== worst-case stack of the public calls on Cortex-M4 (at most 1 KiB)"
	@$(submake) stack >build/stack.txt || { cat build/stack.txt; exit 1; }
	@tail -n 1 build/stack.txt
	@echo "make check: all passed"

lib: $(LIB_DIR)/libwarpspan.a

$(LIB_DIR)/libwarpspan.a: $(CORE_OBJS)
	@rm -f $@
	@$(AR) rcs $@ $^
	@echo "  AR  $@"

# The compiler and flags the objects were made with: objects made otherwise are made again (make cross
# and make lib CROSS_COMPILE=arm-none-eabi- CXXFLAGS=... share a folder).
LIB_FLAGS_LINE := $(CXX) $(CORE_FLAGS) $(CXXFLAGS)
$(LIB_DIR)/flags.txt: FORCE
	@mkdir -p $(dir $@)
	@echo '$(LIB_FLAGS_LINE)' | cmp -s - $@ || echo '$(LIB_FLAGS_LINE)' >$@

$(LIB_DIR)/%.o: %.cpp $(wildcard include/*.h lib/*/*.hpp port/*.h) sources.mk $(LIB_DIR)/flags.txt
	@mkdir -p $(dir $@)
	@echo "  CXX $<"
	@$(CXX) $(CORE_FLAGS) $(CXXFLAGS) -c $< -o $@

# The shared core: position-independent objects of their own; the version script keeps the dynamic
# symbols to the C API (wsp_*); libwarpspan.so.MAJOR and libwarpspan.so link to the file.
shared: $(SHARED_DIR)/libwarpspan.so.$(VERSION)

$(SHARED_DIR)/libwarpspan.so.$(VERSION): $(SHARED_OBJS) lib/warpspan.map
	@$(CXX) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=lib/warpspan.map -Wl,--no-undefined \
		$(CXXFLAGS) $(LDFLAGS) -o $@ $(SHARED_OBJS)
	@ln -sf libwarpspan.so.$(VERSION) $(SHARED_DIR)/$(SONAME)
	@ln -sf $(SONAME) $(SHARED_DIR)/libwarpspan.so
	@echo "  LD  $@ (SONAME $(SONAME))"

$(SHARED_DIR)/%.o: %.cpp $(wildcard include/*.h lib/*/*.hpp port/*.h) sources.mk
	@mkdir -p $(dir $@)
	@echo "  CXX $< (PIC)"
	@$(CXX) $(CORE_FLAGS) -fPIC -DWSP_BUILDING_SHARED $(CXXFLAGS) -c $< -o $@

abi-baseline:
	@bash tools/abi-baseline.sh

cross:
	@$(MAKE) --no-print-directory lib CROSS_COMPILE=arm-none-eabi- LIB_DIR=$(CROSS_DIR) \
		CXXFLAGS="$(CORTEX_M4_FLAGS) $(CROSS_REPORT_FLAGS)"
	@arm-none-eabi-size -t $(CROSS_DIR)/libwarpspan.a | tail -1 | \
		awk '{print "Cortex-M4 core: text " $$1 " B, data " $$2 " B, bss " $$3 " B"}'
	@arm-none-eabi-gcc -std=c99 -Wall -Wextra -pedantic -Werror $(CORTEX_M4_FLAGS) -DWSP_ABI_NO_MAIN \
		-Iinclude -fsyntax-only tests/test_abi.c
	@echo "Cortex-M4 struct layouts: the pinned ILP32 ones (tests/test_abi.c)"

firmware: cross
	@CORTEX_M4_FLAGS="$(CORTEX_M4_FLAGS)" MAKE="$(MAKE)" HOST_CORE_LIB="$(HOST_CORE_LIB)" bash tools/check-firmware.sh

size: cross
	@CORTEX_M4_FLAGS="$(CORTEX_M4_FLAGS)" bash tools/check-firmware.sh build >/dev/null
	@python3 tools/size-report.py build/lib-arm-none-eabi build/firmware/voronoi.map
	@$(MAKE) --no-print-directory stack >/dev/null || true
	@echo
	@echo "cost of each proven upper bound on Cortex-M4 (tools/bounds-cost.sh; docs/bounds.md, section 11):"
	@CORTEX_M4_FLAGS="$(CORTEX_M4_FLAGS)" bash tools/bounds-cost.sh

# The reports of make cross's objects (made here when missing or out of date; nothing when current).
stack:
	@$(MAKE) --no-print-directory lib CROSS_COMPILE=arm-none-eabi- LIB_DIR=$(CROSS_DIR) \
		CXXFLAGS="$(CORTEX_M4_FLAGS) $(CROSS_REPORT_FLAGS)" >/dev/null
	@python3 tools/stack-report.py $(CROSS_DIR) --limit 1024

clean:
	rm -rf build
