// The source of cairn_test_pch (tests/support/CMakeLists.txt): the target
// exists for the precompiled headers the test suites share, compiled with
// this file's options; the file itself holds nothing.
