# The Debian package (issue 20, item 1): `cpack -G DEB` in the build directory writes
# grovectl_<version>_<arch>.deb from the same install rules as `cmake --install` (cmake/packaging.cmake):
# the binary, the man page, the three completions, the kubectl-grove plugin link. Runtime dependencies
# come from dpkg-shlibdeps on the binary. packaging/debian/ holds the changelog and copyright file;
# packaging/debian/finish_deb_tree.cmake compresses the man page and changelog in the staging tree,
# as Debian policy asks (12.3, 12.7). scripts/dev.sh test builds the package and checks it with lintian.

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME grovectl)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "grovectl maintainers <grovectl-maintainers@lists.example.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "expand, validate and diff gang-scheduling objects for Grove and JobSet")
# One string (a CMake list would join the lines with ';'), lines under 80 columns (lintian).
string(CONCAT CPACK_DEBIAN_PACKAGE_DESCRIPTION
       "grovectl reads Grove PodCliqueSets and JobSets and expands them, offline\n"
       "and deterministically, into the gang objects a scheduler backend needs on a\n"
       "given Kubernetes version: Grove PodGangs, KAI, Volcano and Koordinator\n"
       "PodGroups, and the scheduling.k8s.io Workload API. It validates the inputs\n"
       "in CI and diffs what it would create against what is live. It is also the\n"
       "kubectl plugin kubectl grove.")
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # grovectl_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://github.com/grovectl/grovectl")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "kubectl, bash-completion")
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
set(CPACK_PRE_BUILD_SCRIPTS ${CMAKE_SOURCE_DIR}/packaging/debian/finish_deb_tree.cmake)
set(CPACK_SOURCE_GENERATOR "")

# Read by finish_deb_tree.cmake, which adds them to the package's staging tree only (a plain
# cmake --install does not install Debian's doc files).
configure_file(packaging/debian/changelog.in ${CMAKE_BINARY_DIR}/debian/changelog @ONLY)
set(GROVECTL_DEB_DOCS "${CMAKE_BINARY_DIR}/debian/changelog;${CMAKE_SOURCE_DIR}/packaging/debian/copyright")
set(CPACK_GROVECTL_DEB_DOCS "${GROVECTL_DEB_DOCS}")

include(CPack)
