VERSION = "0.3"
print("app package initialised")
