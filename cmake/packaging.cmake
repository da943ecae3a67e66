# Install layout (binary, man page and completions in the standard places; a .deb with CPack) and the
# targets that regenerate the committed packaging files from the built binary. After flags change anywhere, one command brings them up to date:
#   cmake --build build --target packaging-files
# (= targets `completions` and `man`); tests/cli/test_packaging.cpp and tests/cli/completion/ fail
# while they are stale.

install(TARGETS grovectl RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# kubectl (1.26+) runs kubectl_complete-grove to complete `kubectl grove ...`.
install(PROGRAMS completions/kubectl_complete-grove DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES man/grovectl.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES completions/grovectl.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME grovectl)
install(FILES completions/_grovectl DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/site-functions)
install(FILES completions/grovectl.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
# kubectl finds plugins as kubectl-NAME on PATH; the shells load completions by command name, so
# kubectl-grove gets links to the same scripts. Links are relative: the tree can be moved or packaged.
set(GROVECTL_INSTALL_LINKS
    "${CMAKE_INSTALL_BINDIR}|kubectl-grove|grovectl"
    "${CMAKE_INSTALL_DATADIR}/bash-completion/completions|kubectl-grove|grovectl"
    "${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d|kubectl-grove.fish|grovectl.fish")
install(CODE "set(GROVECTL_INSTALL_LINKS \"${GROVECTL_INSTALL_LINKS}\")")
install(SCRIPT cmake/install_links.cmake)

find_program(GROVECTL_PYTHON3 python3)
add_custom_target(completions
  COMMAND ${CMAKE_COMMAND} -DGROVECTL=$<TARGET_FILE:grovectl> -DOUT_DIR=${CMAKE_SOURCE_DIR}/completions
          -P ${CMAKE_SOURCE_DIR}/cmake/write_completions.cmake
  DEPENDS grovectl
  COMMENT "Regenerating completions/ from grovectl completion bash|zsh|fish"
  VERBATIM)
add_custom_target(man
  COMMAND ${GROVECTL_PYTHON3} ${CMAKE_SOURCE_DIR}/man/generate_man.py --grovectl $<TARGET_FILE:grovectl>
          --version ${PROJECT_VERSION} --include ${CMAKE_SOURCE_DIR}/man/grovectl.h2m
          --output ${CMAKE_SOURCE_DIR}/man/grovectl.1
  DEPENDS grovectl
  COMMENT "Regenerating man/grovectl.1 with help2man"
  VERBATIM)
add_custom_target(packaging-files DEPENDS completions man)

# `grovectl version` reports the commit read at configure time; re-configure when HEAD moves so
# an incremental build after a commit does not report the previous one.
execute_process(COMMAND git rev-parse --git-path HEAD --symbolic-full-name HEAD
  WORKING_DIRECTORY ${CMAKE_SOURCE_DIR} OUTPUT_VARIABLE _grovectl_git OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
string(REPLACE "\n" ";" _grovectl_git "${_grovectl_git}")
list(LENGTH _grovectl_git _grovectl_git_n)
if(_grovectl_git_n EQUAL 2)
  list(GET _grovectl_git 0 _grovectl_head)
  list(GET _grovectl_git 1 _grovectl_ref)
  execute_process(COMMAND git rev-parse --git-path ${_grovectl_ref}
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR} OUTPUT_VARIABLE _grovectl_ref_file OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  foreach(f ${_grovectl_head} ${_grovectl_ref_file})
    get_filename_component(f ${f} ABSOLUTE BASE_DIR ${CMAKE_SOURCE_DIR})
    if(EXISTS ${f})
      set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${f})
    endif()
  endforeach()
endif()

include(cmake/debian_package.cmake)
