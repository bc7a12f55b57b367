# A syntax error in an imported module is reported in that module.
print("before the import")  # expect: before the import
import broken_config
