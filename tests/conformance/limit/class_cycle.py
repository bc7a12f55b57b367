# Instances and classes close reference cycles (an object holding itself, a
# class whose methods' closures reach it, a local class per call) and chains
# of instances nest deep; all are freed at the end of the run, and the chain
# without recursing per level. Under the sanitizer build's leak checker a leak
# fails this file.
class Node:
    def __init__(self, nxt=None):
        self.nxt = nxt
        self.me = self


def make(n):
    class Local:
        scale = n

        def get(self):
            return Local.scale

    return Local()


head = None
for i in range(100000):
    head = Node(head)
locals_made = [make(i).get() for i in range(3)]
head = None
print(locals_made, Node().me.me is not None)  # expect: [0, 1, 2] True
