# Memory facts of arrays and views: C/F contiguity, OWNDATA, WRITEABLE,
# strides in bytes, and the flags object's repr.
import numpy as np

a = np.zeros((3, 4), dtype=np.float32)
print(a.strides, a.T.strides, a[:, ::2].strides)  # expect: (16, 4) (4, 16) (16, 8)
print(a.flags['C_CONTIGUOUS'], a.flags['F_CONTIGUOUS'], a.flags['OWNDATA'])  # expect: True False True
t = a.T
print(t.flags.c_contiguous, t.flags.f_contiguous, t.flags.owndata)  # expect: False True False
print(a[1].flags['C_CONTIGUOUS'], a[:, 1].flags['C_CONTIGUOUS'], a[1:3].flags.writeable)  # expect: True False True
print(a.flags)
# expect:   C_CONTIGUOUS : True
# expect:   F_CONTIGUOUS : False
# expect:   OWNDATA : True
# expect:   WRITEABLE : True
# expect:   ALIGNED : True
# expect:   WRITEBACKIFCOPY : False
# expect:
v = np.zeros(5)
v.setflags(write=False)
print(v.flags.writeable, v[1:].flags.writeable)  # expect: False False
