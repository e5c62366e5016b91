// A fixture for no-mnemonic-compares.test: the pattern the test refuses.
bool isStore(const Inst &I) { return I.Opcode == "st"; }
