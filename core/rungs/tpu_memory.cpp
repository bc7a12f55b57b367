#include "core/rungs/tpu_memory.h"

#include <algorithm>

#include "core/array/ops.h"
#include "core/errors/error.h"

namespace rungs::exec {

const char* space_name(Space s) {
  switch (s) {
    case Space::Vmem: return "vmem";
    case Space::VmemShared: return "vmem_shared";
    case Space::Smem: return "smem";
    case Space::Cmem: return "cmem";
    case Space::Semaphore: return "semaphore_mem";
    case Space::Hbm: return "hbm";
    case Space::Host: return "host";
  }
  return "?";
}

Space tpu_space(ir::MemorySpace s) {
  using M = ir::MemorySpace;
  switch (s) {
    case M::Default:
    case M::TpuVmem: return Space::Vmem;
    case M::TpuVmemShared: return Space::VmemShared;  // one copy per core (a JAX quirk kept)
    case M::TpuSmem: return Space::Smem;
    case M::TpuCmem: return Space::Cmem;
    case M::TpuSemaphore: return Space::Semaphore;
    case M::Any:
    case M::TpuHbm: return Space::Hbm;
    case M::Host: return Space::Host;
    default: raise_here(ErrorId::tpu_unsupported_memory_space, ir::memory_space_name(s));
  }
}

exec::BufferRef BufferKey::ref() const { return {space_name(space), id, device, core}; }

std::string BufferKey::str() const {
  return std::string("('") + space_name(space) + "', " + std::to_string(id) + ", " + std::to_string(device) + ", " +
         std::to_string(core) + ")";
}

array::Shape padded_content_shape(const array::Shape& logical, array::DType dtype, Space space) {
  if (space == Space::Smem || logical.empty()) return logical;
  int item = array::itemsize(dtype);
  if (item > 4) return logical;  // JAX asserts itemsize <= 4; 64-bit types are left unpadded
  int64_t packing = 4 / item;
  array::Shape out = logical;
  auto round_up = [](int64_t n, int64_t t) { return (n + t - 1) / t * t; };
  size_t r = logical.size();
  if (r == 1) {
    out[0] = round_up(logical[0], packing * 128);
    return out;
  }
  // Generation 6 (v6e): the second-minor tile starts at `packing` rows and
  // doubles while it is below min(second_minor, 8); the minor tile is 128.
  int64_t f = packing;
  while (f < std::min<int64_t>(logical[r - 2], 8)) f *= 2;
  out[r - 2] = round_up(logical[r - 2], f);
  out[r - 1] = round_up(logical[r - 1], 128);
  return out;
}

int64_t TpuMemory::next_buffer_id(int device, int core) {
  auto it = next_id_.try_emplace({device, core}, 100).first;
  return it->second++;
}

Buffer& TpuMemory::allocate(const BufferKey& key, array::Array content, array::Shape logical, int ref_count) {
  auto it = buffers_.find(key);
  if (it != buffers_.end()) return it->second;
  Buffer b;
  b.content = std::move(content);
  b.logical = std::move(logical);
  b.ref_count = ref_count;
  return buffers_.emplace(key, std::move(b)).first->second;
}

bool TpuMemory::release(const BufferKey& key) {
  auto it = buffers_.find(key);
  if (it == buffers_.end()) return false;
  if (--it->second.ref_count <= 0) buffers_.erase(it);
  return true;
}

Buffer* TpuMemory::find(const BufferKey& key) {
  auto it = buffers_.find(key);
  return it == buffers_.end() ? nullptr : &it->second;
}

array::Array low_corner(const array::Array& value, const array::Shape& shape) {
  if (value.shape() == shape) return value;
  if (static_cast<size_t>(value.rank()) != shape.size()) return value.reshaped(shape);
  return array::slice(value, std::vector<int64_t>(shape.size(), 0), shape);
}

void put_low_corner(array::Array& whole, const array::Array& part) {
  if (part.size() == 0) return;
  array::copy_window_in(whole, std::vector<int64_t>(part.shape().size(), 0), part);
}

std::optional<array::Array> buffer_read(const Buffer& b, const Range& r) {
  std::optional<Range> c = clip_range(normalized(r, b.logical), b.content.shape());
  if (!c) return std::nullopt;
  return read_region(b.content, region_of(*c));
}

void buffer_write_in_bounds(Buffer& b, const Range& r, const array::Array& value) {
  std::optional<Range> c = clip_range(normalized(r, b.logical), b.logical);
  if (!c) return;
  Region g = region_of(*c);
  for (int64_t n : g.count)
    if (n == 0) return;
  write_region(b.content, g, low_corner(value, g.result_shape()));
}

bool buffer_write(Buffer& b, const Range& r, const array::Array& value) {
  if (range_out_of_bounds(normalized(r, b.logical), b.content.shape())) return false;
  buffer_write_in_bounds(b, r, value);
  return true;
}

}  // namespace rungs::exec
