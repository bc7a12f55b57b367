# Test files import subprocess at the top (JAX's ops_test.py) though only one
# of their tests starts a process: the import works, and starting a process
# -- which a Rungs program cannot -- is refused where it is asked for.
import subprocess

print(subprocess.PIPE, issubclass(subprocess.CalledProcessError, subprocess.SubprocessError))  # expect: -1 True
err = subprocess.CalledProcessError(2, ["python", "-c", "pass"])
print(err)  # expect: Command '['python', '-c', 'pass']' returned non-zero exit status 2.
out = subprocess.run(["python3", "-c", "print(1)"], capture_output=True)  # expect error: NotImplementedError: subprocess.run is not supported by Rungs
