// pl.select_ref and the DMAs that name a selected ref (select_ref.cpp).
#pragma once

#include "core/python/objects.h"

namespace rungs::pallas {

void add_select_ref(python::Interpreter& ip, python::ModuleObj& pl);
// Whether a DMA descriptor names a pl.select_ref ref (source, destination or
// a semaphore); run_selected_dma then does `op` ("start", "wait", ...) as
// one DMA per candidate combination under pl.when.
bool dma_uses_select(const python::RecordObj& descriptor);
void run_selected_dma(python::Interpreter& ip, const python::RecordObj& descriptor, const char* op,
                      python::CallArgs& call);

}  // namespace rungs::pallas
