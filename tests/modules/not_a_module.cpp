// A shared library without a cairn_game_module entry point.
extern "C" int not_a_cairn_module() { return 42; }
