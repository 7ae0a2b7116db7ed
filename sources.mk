# The one list of core sources, read by the Makefile and by CMakeLists.txt (one path per line).
WSP_CORE_SOURCES := \
	lib/util/diag.cpp \
	lib/util/divide.cpp \
	lib/util/workspace.cpp \
	lib/util/reserved.cpp \
	lib/core/status.cpp \
	lib/core/names.cpp \
	lib/model/sm_config.cpp \
	lib/model/kernel_string.cpp \
	lib/model/problem.cpp \
	lib/bounds/bounds.cpp \
	lib/bounds/exit_bound.cpp \
	lib/bounds/pipeline_bound.cpp \
	lib/schedule/decoder.cpp \
	lib/schedule/validator.cpp \
	lib/schedule/witness_check.cpp \
	lib/schedule/dispatch.cpp \
	lib/exact/frame.cpp \
	lib/exact/state_table.cpp \
	lib/exact/state_bound.cpp \
	lib/exact/exact.cpp \
	lib/exact/estimate.cpp \
	lib/anneal/incremental.cpp \
	lib/anneal/checkpoint_decoder.cpp \
	lib/anneal/initial.cpp \
	lib/anneal/anneal.cpp \
	lib/lower/beam.cpp \
	lib/lower/policy.cpp \
	lib/lower/lower.cpp \
	lib/bracket/bracket.cpp \
	lib/pws/cfg.cpp \
	lib/pws/normalise.cpp \
	lib/pws/split.cpp \
	lib/pws/kernel.cpp
