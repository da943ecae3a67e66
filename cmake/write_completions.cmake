# cmake -DGROVECTL=path/to/grovectl -DOUT_DIR=completions -P write_completions.cmake
# Writes the three completion scripts that `cmake --install` ships, from the built binary.
foreach(pair "bash;grovectl.bash" "zsh;_grovectl" "fish;grovectl.fish")
  list(GET pair 0 shell)
  list(GET pair 1 file)
  execute_process(COMMAND ${GROVECTL} completion ${shell} OUTPUT_FILE ${OUT_DIR}/${file} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "grovectl completion ${shell} failed (${rc})")
  endif()
endforeach()
message(STATUS "Wrote ${OUT_DIR}/grovectl.bash, _grovectl, grovectl.fish")
