// The simulated TPU memories of one device: HBM, and VMEM/SMEM/... per
// core, as JAX's TPU interpreter keeps them (SEMANTICS 4.3).
//
// A buffer is addressed by (memory space, buffer id, device, core); HBM
// buffers exist once per device (keyed with core 0 and reference-counted
// by the cores that share them), everything else once per core. Buffer ids
// come from a per-(device, core) counter starting at 100, so cores that
// allocate in the same order agree on ids. A buffer holds its content and
// a logical shape; the content is larger only with buffer_bounds="padded",
// where the padding reads the uninitialised value and swallows writes.
//
// The operations are JAX's Buffer.__getitem__/__setitem__ with NumPy's
// semantics, on whole rows via core/array's window copies (never element
// by element), so the memory model costs about what rung 1's block copies
// cost. Messages and race checks live one level up (tpu_shared.h).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/rungs/call_record.h"

#include "core/array/array.h"
#include "core/ir/jaxpr.h"
#include "core/rungs/tpu_range.h"

namespace rungs::exec {

// JAX's TPU memory-space order (TPU_MEMORY_SPACE_IDXS); ANY is HBM here.
enum class Space : uint8_t { Vmem, VmemShared, Smem, Cmem, Semaphore, Hbm, Host };
const char* space_name(Space s);  // "vmem", "vmem_shared", "smem", "cmem", "semaphore_mem", "hbm", "host"
// A Pallas memory space as the TPU interpreter places it (DEFAULT -> VMEM,
// ANY -> HBM). GPU spaces raise "Unsupported memory space: ...".
Space tpu_space(ir::MemorySpace s);
inline bool shared_across_cores(Space s) { return s == Space::Hbm; }

struct BufferKey {
  Space space = Space::Vmem;
  int64_t id = 0;
  int device = 0;
  int core = 0;  // 0 for HBM buffers (shared by the device's cores)
  bool operator<(const BufferKey& o) const {
    if (space != o.space) return space < o.space;
    if (id != o.id) return id < o.id;
    if (device != o.device) return device < o.device;
    return core < o.core;
  }
  bool operator==(const BufferKey& o) const {
    return space == o.space && id == o.id && device == o.device && core == o.core;
  }
  std::string str() const;  // "('vmem', 102, 0, 0)"
  exec::BufferRef ref() const;  // the same, as fields
};

struct Buffer {
  array::Array content;   // content.shape() >= logical (padded mode only)
  array::Shape logical;   // the shape the kernel sees; messages print it
  int ref_count = 1;      // HBM buffers: one per core sharing it
};

// The content shape of a buffer under buffer_bounds="padded": the TPU v6e
// tiling of SEMANTICS 5.1 (tpu_info.infer_tiling). SMEM and scalars are
// never padded.
array::Shape padded_content_shape(const array::Shape& logical, array::DType dtype, Space space);

class TpuMemory {
 public:
  // Next buffer id for (device, core); ids start at 100.
  int64_t next_buffer_id(int device, int core);
  // Allocate unless the key exists (a shared HBM buffer is allocated by the
  // first core that gets there). Returns the buffer.
  Buffer& allocate(const BufferKey& key, array::Array content, array::Shape logical, int ref_count);
  // Drop one reference; the buffer disappears at zero. False if absent.
  bool release(const BufferKey& key);
  Buffer* find(const BufferKey& key);
  const std::map<BufferKey, Buffer>& buffers() const { return buffers_; }

 private:
  std::map<BufferKey, Buffer> buffers_;
  std::map<std::pair<int, int>, int64_t> next_id_;
};

// buff[rnge]: the part of `r` (normalised to the logical rank) inside the
// content; nullopt when it is entirely outside.
std::optional<array::Array> buffer_read(const Buffer& b, const Range& r);
// buff[rnge] = value: false (nothing written) if any part of `r` is outside
// the content; otherwise writes the part inside the logical shape, taking
// the low corner of `value`.
bool buffer_write(Buffer& b, const Range& r, const array::Array& value);
// Buffer.set_in_bounds_portion: the part inside the logical shape only.
void buffer_write_in_bounds(Buffer& b, const Range& r, const array::Array& value);
// `value`'s low corner of shape `shape` (a view when it is the whole).
array::Array low_corner(const array::Array& value, const array::Shape& shape);
// Place `part` at the low corner of `whole` (whole is uniquely owned).
void put_low_corner(array::Array& whole, const array::Array& part);

}  // namespace rungs::exec
