import os

environment_variables = {
    "SERVING_FLAGS": lambda: os.getenv("SERVING_FLAGS", ""),
    "BLOCK_SIZE": lambda: int(os.getenv("BLOCK_SIZE", "128")),
}


def __getattr__(name):
    if name in environment_variables:
        return environment_variables[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")  # expect error: AttributeError: module 'serving.envs' has no attribute 'MISSING'


def __dir__():
    return list(environment_variables.keys())
