# unittest.mock's patchers as kernel tests use them: swap a tuning hook or
# a setting for one test, then see the original restored.
import os
import unittest
from unittest import mock


class Tuner:
    def block_size(self, n):
        return min(n, 512)


def pick_block(tuner, n):
    return tuner.block_size(n)


class PatchTest(unittest.TestCase):
    def test_patch_object(self):
        tuner = Tuner()
        with mock.patch.object(Tuner, "block_size", lambda self, n: 128):
            self.assertEqual(pick_block(tuner, 4096), 128)
        self.assertEqual(pick_block(tuner, 4096), 512)

    @mock.patch.dict(os.environ, {"KERNEL_DEBUG": "1"})
    def test_patch_dict_decorator(self):
        self.assertEqual(os.environ["KERNEL_DEBUG"], "1")

    def test_patch_by_name(self):
        with mock.patch("os.path.exists", lambda p: True) as fake:
            self.assertTrue(os.path.exists("/dev/accel0"))
            self.assertIs(os.path.exists, fake)
        self.assertFalse(os.path.exists("/dev/accel0"))

    def test_restored(self):
        self.assertNotIn("KERNEL_DEBUG", os.environ)

    def test_start_stop(self):
        patcher = mock.patch.dict(os.environ, clear=True, MODE="fast")
        patcher.start()
        self.assertEqual(dict(os.environ), {"MODE": "fast"})
        patcher.stop()
        self.assertNotIn("MODE", os.environ)


unittest.main(exit=False, verbosity=0)
print("done")
# expect: done
