# cmake -DPROGRAM=... -DSCRIPT=... -DEXPECTED=... -P run_and_compare.cmake: runs PROGRAM SCRIPT and
# fails unless it exits 0 and prints exactly EXPECTED.
execute_process(COMMAND ${PROGRAM} ${SCRIPT} OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} exited ${rc}")
endif()
file(READ ${EXPECTED} expected)
if(NOT out STREQUAL expected)
  file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/admission_actual.txt "${out}")
  message(FATAL_ERROR "output differs from ${EXPECTED}; got ${CMAKE_CURRENT_BINARY_DIR}/admission_actual.txt")
endif()
