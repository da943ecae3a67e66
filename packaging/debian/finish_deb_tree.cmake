# CPACK_PRE_BUILD_SCRIPTS for the DEB generator (cmake/debian_package.cmake): runs on the staging tree
# after the install rules and before the .deb is written. Debian policy wants the man page compressed
# (12.1: gzip -9n) and a native package's changelog as /usr/share/doc/<package>/changelog.gz with the
# copyright file beside it (12.5, 12.7).
set(root "${CPACK_TEMPORARY_INSTALL_DIRECTORY}")
if(NOT IS_DIRECTORY "${root}${CPACK_PACKAGING_INSTALL_PREFIX}")
  message(FATAL_ERROR "finish_deb_tree.cmake: no staging tree at ${root}")
endif()
set(usr "${root}${CPACK_PACKAGING_INSTALL_PREFIX}")
set(doc "${usr}/share/doc/${CPACK_PACKAGE_NAME}")
file(MAKE_DIRECTORY "${doc}")
foreach(f ${CPACK_GROVECTL_DEB_DOCS})
  file(COPY "${f}" DESTINATION "${doc}" FILE_PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)
endforeach()

function(gzip_n path)
  execute_process(COMMAND gzip -9nf "${path}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gzip -9n ${path} failed (${rc})")
  endif()
endfunction()
gzip_n("${doc}/changelog")
file(GLOB pages "${usr}/share/man/man1/*.1")
foreach(page ${pages})
  gzip_n("${page}")
endforeach()
# kubectl-grove is grovectl: its man page is grovectl's.
file(CREATE_LINK grovectl.1.gz "${usr}/share/man/man1/kubectl-grove.1.gz" SYMBOLIC)
# kubectl_complete-grove is the completion helper kubectl runs; grovectl(1) describes it (KUBECTL PLUGIN).
file(CREATE_LINK grovectl.1.gz "${usr}/share/man/man1/kubectl_complete-grove.1.gz" SYMBOLIC)
# Debian's zsh reads packaged completions from vendor-completions; site-functions is the local admin's.
if(EXISTS "${usr}/share/zsh/site-functions/_grovectl")
  file(MAKE_DIRECTORY "${usr}/share/zsh/vendor-completions")
  file(RENAME "${usr}/share/zsh/site-functions/_grovectl" "${usr}/share/zsh/vendor-completions/_grovectl")
  file(REMOVE_RECURSE "${usr}/share/zsh/site-functions")
endif()
