# logging as kernel modules set it up: a module logger, level checks that
# guard expensive debug strings, info/warning calls (CPython writes those to
# stderr, so stdout shows nothing of them), child loggers and basicConfig.
import logging

logger = logging.getLogger(__name__)
print(logger, logger.level, logger.getEffectiveLevel())
print(logger.isEnabledFor(logging.INFO), logger.isEnabledFor(logging.WARNING))
logger.info("tuned block sizes for %s not found", "v5e")
logger.warning("falling back to defaults: %d", 128)
logger.debug("never shown")

kernels = logging.getLogger("kernels")
attention = logging.getLogger("kernels.attention")
print(attention.parent is kernels, kernels.parent is logging.root, logging.getLogger("kernels") is kernels)
kernels.setLevel(logging.DEBUG)
print(attention, attention.getEffectiveLevel(), attention.isEnabledFor(logging.DEBUG))
print(logging.getLevelName(logging.ERROR), logging.getLevelName("INFO"), logging.getLevelName(15))
print(logging.root, logging.getLogger() is logging.root, logger.handlers, logger.propagate)
logging.info("module-level info")
logging.basicConfig(level=logging.DEBUG)
print(logging.root.level, len(logging.root.handlers))
logging.basicConfig(level=logging.DEBUG, force=True)
print(logging.root.level, logger.getEffectiveLevel())
child = kernels.getChild("matmul")
print(child.name, child.parent is kernels)
logger.setLevel("ERROR")
print(logger.level)
logger.setLevel("LOUD")  # expect error: ValueError: Unknown level: 'LOUD'
# expect: <Logger __main__ (WARNING)> 0 30
# expect: False True
# expect: True True True
# expect: <Logger kernels.attention (DEBUG)> 10 True
# expect: ERROR 20 Level 15
# expect: <RootLogger root (WARNING)> True [] True
# expect: 30 1
# expect: 10 10
# expect: kernels.matmul True
# expect: 40
