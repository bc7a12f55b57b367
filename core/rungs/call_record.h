// What one pallas_call leaves behind for the result document and the views:
// the kernel's jaxpr, its operands and their padding, and (when tracing) a
// memoryless event list in which every grid step can be rendered on its
// own (Python Tutor's trace format is the model): the grid point, each
// operand's block index and window (asked-for and landed, after clamping),
// the boxes the kernel read and wrote, and for rungs 2 and 3 the memory
// events (block copies, DMAs, semaphores, allocations) and races.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "core/python/interpreter.h"
#include "core/lang/source_range.h"

namespace rungs::exec {

// A box of an operand, in the operand's (unpadded, but possibly
// out-of-range) array coordinates: start and size per dimension.
struct Box {
  std::vector<int64_t> start, size;
};

struct OperandInfo {
  std::string name;        // kernel parameter name (x_ref) when known
  std::string origin;      // "args[0]", "outputs[0]", "scratch[0]"
  std::string role;        // "input" | "output" | "scratch" | "prefetch"
  std::string dtype;
  std::vector<int64_t> shape, block_shape, padded_shape;
  std::vector<int64_t> pad_lo, pad_hi;  // per dim: Element padding lo; block-multiple + Element padding hi
  std::string memory_space;
};

struct OperandStep {
  int operand = 0;                      // index into CallRecord::operands
  std::vector<int64_t> block_index;     // what the index map returned
  std::vector<int64_t> start;           // element offset it asked for (padded coords)
  std::vector<int64_t> landed;          // where the window actually landed (after clamping)
  bool clamped = false;
  std::vector<Box> reads, writes;       // kernel accesses this step (array coords)
};

// A buffer of the simulated memory, as fields a view can use without parsing
// the text JAX prints for it ("('vmem', 102, 0, 0)").
struct BufferRef {
  std::string space;  // "vmem", "smem", "hbm", "semaphore_mem", ...
  int64_t id = 0;
  int device = 0;
  int core = 0;
};

// A window of a buffer: per dimension its start, element count and stride;
// `index` marks a dimension picked by an integer (count 1, dropped from the
// result's shape).
struct WindowBox {
  std::vector<int64_t> start, size, stride;
  std::vector<bool> index;
};

using EventValue = std::variant<int64_t, double, std::string, std::vector<int64_t>, BufferRef, WindowBox>;

// A memory event on rungs 2/3: kind is "copy_in", "copy_out", "dma_start",
// "dma_read", "dma_write", "dma_complete", "sem_signal", "sem_wait", "alloc",
// "free", "garbage", ... with its fields. Text fields are for display only;
// what a view computes with is structured (BufferRef, WindowBox, numbers).
struct Event {
  std::string kind;
  int64_t step = -1;  // grid step it belongs to (-1: set-up / tear-down)
  int core = 0;
  SourceRange source;
  std::map<std::string, EventValue> fields;
};

struct StepEvent {
  int64_t step = 0;
  std::vector<int64_t> point;  // grid point the kernel saw (program_ids)
  int core = 0;
  std::vector<OperandStep> operands;
  size_t stdout_offset = 0;    // stdout length when the step started
};

struct Race {
  std::string buffer;          // display text, JAX's spelling: "('vmem', 101, 0, 0)"
  BufferRef buffer_ref;        // the same buffer as fields
  std::string first_kind, second_kind;  // "read" / "write"
  Box first_range, second_range;
  std::string first_thread, second_thread;
  SourceRange first_source, second_source;
  std::vector<int64_t> first_clock, second_clock;
  int64_t step = -1;
};

struct CallRecord {
  std::string kernel;
  std::string rung;
  std::string fn_src;
  SourceRange where;
  std::vector<int64_t> grid;
  std::string jaxpr;
  std::vector<OperandInfo> operands;
  std::vector<StepEvent> steps;
  std::vector<Event> events;
  std::vector<Race> races;
  bool truncated = false;          // stopped recording past the event budget
  std::map<std::string, std::string> notes;  // rung-specific facts (e.g. "model": "...")
  // Rung 3, traced runs: the model's Mosaic module, one entry per line with
  // the Python line of the kernel equation it came from (0: none).
  std::vector<std::pair<std::string, int>> lowered;
  // Under jax.shard_map: how many devices ran the call, on which mesh. Cores
  // in events and steps are then global (device * cores per device + core).
  int64_t devices = 1;
  int64_t cores_per_device = 1;
  std::vector<std::string> mesh_axes;
  std::vector<int64_t> mesh_shape;
  int64_t remote_dmas = 0, remote_bytes = 0;  // DMAs between devices (rungs 2-3)
  // Under differentiation: "forward" / "backward" (a custom_vjp's rules),
  // "jvp" (pallas_call's JVP kernel); empty otherwise.
  std::string autodiff;
};

// All calls of one run, in order; lives as an interpreter extension.
struct CallLog : python::StageState {
  std::vector<CallRecord> calls;
  size_t max_steps_recorded = 2000;  // per call; beyond this the record is truncated
};
CallLog& call_log(python::Interpreter& interp);

}  // namespace rungs::exec
