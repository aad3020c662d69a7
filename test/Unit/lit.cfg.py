# The unit tests: every GoogleTest case of the binaries in this folder.
import os
import lit.formats

config.name = "privateer-unit"
config.test_format = lit.formats.GoogleTest(".", "Tests")
config.test_source_root = os.path.join(config.privateer_obj_root, "test", "Unit")
config.test_exec_root = config.test_source_root
