# expect error: IndexError: pop from an empty deque @4:1
from collections import deque
pending = deque(maxlen=4)
pending.popleft()
