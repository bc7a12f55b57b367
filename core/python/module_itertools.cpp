// itertools: the iterator building blocks harness code uses around kernels
// (chain, islice, zip_longest, groupby, accumulate, count, cycle, ...). The
// runtime's iterators are pull functions (iteration.h), so every result here
// is lazy as in CPython: count() and cycle() are endless and safe under
// islice or zip, and a `for` over them meets the step budget like any loop.
// Where CPython consumes an argument up front (product's pools, tee's
// source) or reports an error at once (`chain.from_iterable(1)`), so does
// this file; where CPython is lazy (`chain(1)` fails only when iterated), so
// is this file. The combinatoric iterators are in module_itertools_combinatorics.cpp.
#include <algorithm>
#include <deque>
#include <optional>

#include "core/python/c_args.h"
#include "core/python/host_memory.h"
#include "core/python/library_iterators.h"
#include "core/python/modules.h"
#include "core/python/operators.h"
#include "core/python/value_ops.h"

namespace rungs::python {

void add_itertools_combinatorics(Interpreter& ip, ModuleObj& m);  // module_itertools_combinatorics.cpp

namespace {

using lang::BinOpKind;

Value lib(Interpreter& ip, const std::string& name, Iterator next) {
  return library_iterator(ip, "itertools", name, std::move(next));
}

// A source iterator that is made only when first pulled: chain(1) fails when
// it is iterated, not when it is built. An empty `where` lets the evaluator
// place the error on the statement doing the iterating, as CPython's traceback does.
struct LazySource {
  Value iterable;
  std::optional<Iterator> it;
  bool pull(Interpreter& ip, Value& out) {
    if (!it) it = make_iterator(ip, iterable, SourceRange{});
    return (*it)(out);
  }
};

// chain(*iterables) and chain.from_iterable(iterables): both walk an outer
// iterator of iterables, opening each inner one when reached.
Value chain_of(Interpreter& ip, Iterator outer) {
  auto cur = std::make_shared<std::optional<LazySource>>();
  Interpreter* p = &ip;
  return lib(ip, "chain", [p, outer, cur](Value& out) mutable {
    while (true) {
      if (*cur && (*cur)->pull(*p, out)) return true;
      Value next;
      if (!outer(next)) return false;
      p->tick();
      *cur = LazySource{next, std::nullopt};
    }
  });
}

Value make_chain_type(Interpreter& ip) {
  static const RecordType type = [] {
    RecordType t;
    t.name = "type";
    t.repr = [](const RecordObj&, Interpreter&) { return std::string("<class 'itertools.chain'>"); };
    t.call = [](Interpreter& ip, const Value&, CallArgs& call) {
      c_no_keywords(call, "chain");
      return chain_of(ip, make_iterator(ip, make_tuple(call.positional), call.where));
    };
    return t;
  }();
  auto r = std::make_shared<RecordObj>(&type);
  r->set("from_iterable", make_builtin("from_iterable", [](Interpreter& ip, CallArgs& call) {
    c_exactly_one(call, "chain.from_iterable");
    return chain_of(ip, make_iterator(ip, call.positional[0], call.where));
  }));
  (void)ip;
  return Value::object(r);
}

// count(start=0, step=1): start, start+step, ... with the runtime's own `+`
// (ints stay 64-bit: past 2**63 it is an OverflowError, not a bignum).
Value count(Interpreter& ip, CallArgs& call) {
  CArgs a(call, "count", {"start", "step"}, 0, CArgs::Style::Parse);
  Value start = a.has(0) ? a[0] : Value::integer(0), step = a.has(1) ? a[1] : Value::integer(1);
  if (!start.is_number() || !step.is_number()) raise(ErrorId::itertools_number_required, call.where);
  auto cur = std::make_shared<Value>(start);
  Interpreter* p = &ip;
  SourceRange where = call.where;
  return library_iterator(
      "count",
      [p, cur, step, where](Value& out) {
        out = *cur;
        *cur = binary_op(*p, BinOpKind::Add, *cur, step, where, false);
        return true;
      },
      [cur, step](Interpreter& ip) {
        bool unit = step.is_int() && step.as_int() == 1;
        return "count(" + ip.repr(*cur) + (unit ? "" : ", " + ip.repr(step)) + ")";
      });
}

// cycle(iterable): the first pass saves what it yields; later passes replay it.
Value cycle(Interpreter& ip, CallArgs& call) {
  c_count(call, "cycle", 1, 1);
  auto src = std::make_shared<Iterator>(make_iterator(ip, call.positional[0], call.where));
  auto saved = std::make_shared<Values>();
  auto pos = std::make_shared<size_t>(0);
  auto first_pass = std::make_shared<bool>(true);
  return lib(ip, "cycle", [src, saved, pos, first_pass](Value& out) {
    if (*first_pass) {
      if ((*src)(out)) {
        saved->push_back(out);
        return true;
      }
      *first_pass = false;
      *src = nullptr;
    }
    if (saved->empty()) return false;
    out = (*saved)[(*pos)++ % saved->size()];
    return true;
  });
}

// repeat(object[, times]): negative times means zero, as in CPython.
Value repeat(Interpreter&, CallArgs& call) {
  CArgs a(call, "repeat", {"object", "times"}, 1, CArgs::Style::Parse);
  Value obj = a[0];
  auto left = std::make_shared<int64_t>(-1);  // -1: endless
  if (a.has(1)) *left = std::max<int64_t>(0, to_index(a[1], call.where));
  return library_iterator(
      "repeat",
      [obj, left](Value& out) {
        if (*left == 0) return false;
        if (*left > 0) --*left;
        out = obj;
        return true;
      },
      [obj, left](Interpreter& ip) {
        return "repeat(" + ip.repr(obj) + (*left < 0 ? "" : ", " + std::to_string(*left)) + ")";
      });
}

// One islice bound: None or an int in [0, sys.maxsize].
int64_t islice_bound(const Value& v, int64_t if_none, ErrorId error, SourceRange where) {
  if (v.is_none()) return if_none;
  if (!is_int_like(v) || v.as_int() < 0) raise(error, where);
  return v.as_int();
}

// islice(iterable, stop) / islice(iterable, start, stop[, step]): skips by
// pulling, as CPython does, and stops pulling once `stop` is reached.
Value islice(Interpreter& ip, CallArgs& call) {
  c_count(call, "islice", 2, 4);
  const Values& p = call.positional;
  int64_t start = 0, stop = -1, step = 1;  // stop -1: none
  if (p.size() == 2) {
    stop = islice_bound(p[1], -1, ErrorId::itertools_islice_stop, call.where);
  } else {
    stop = islice_bound(p[2], -1, ErrorId::itertools_islice_stop, call.where);
    start = islice_bound(p[1], 0, ErrorId::itertools_islice_indices, call.where);
    if (p.size() == 4 && !p[3].is_none()) {
      if (!is_int_like(p[3]) || p[3].as_int() < 1) raise(ErrorId::itertools_islice_step, call.where);
      step = p[3].as_int();
    }
  }
  auto src = std::make_shared<Iterator>(make_iterator(ip, p[0], call.where));
  auto next = std::make_shared<int64_t>(start), seen = std::make_shared<int64_t>(0);
  Interpreter* ipp = &ip;
  return lib(ip, "islice", [ipp, src, next, seen, stop, step](Value& out) {
    if (!*src || (stop >= 0 && *next >= stop)) return false;
    for (; *seen <= *next; ++*seen) {
      if (*seen < *next) ipp->tick();
      if (!(*src)(out)) {
        *src = nullptr;  // exhausted: never pull again
        return false;
      }
    }
    // The next index to yield, clamped so it cannot overflow past stop.
    int64_t limit = stop >= 0 ? stop : INT64_MAX;
    *next = *next > limit - step ? limit : *next + step;
    return true;
  });
}

// zip_longest(*iterables, fillvalue=None): runs until every input is done.
Value zip_longest(Interpreter& ip, CallArgs& call) {
  Value fill;
  for (const auto& [key, value] : call.keywords) {
    if (key != "fillvalue") raise(ErrorId::itertools_zip_longest_keyword, call.where);
    fill = value;
  }
  auto its = std::make_shared<std::vector<Iterator>>();
  for (const Value& v : call.positional) its->push_back(make_iterator(ip, v, call.where));
  auto active = std::make_shared<size_t>(its->size());
  return lib(ip, "zip_longest", [its, active, fill](Value& out) {
    if (*active == 0) return false;
    Values row;
    for (auto& it : *its) {
      Value v = fill;
      if (it && !it(v)) {
        it = nullptr;
        v = fill;
        if (--*active == 0) return false;
      }
      row.push_back(v);
    }
    out = make_tuple(std::move(row));
    return true;
  });
}

// starmap(function, iterable): function(*item) for each item.
Value starmap(Interpreter& ip, CallArgs& call) {
  c_count(call, "starmap", 2, 2);
  Value fn = call.positional[0];
  auto src = std::make_shared<Iterator>(make_iterator(ip, call.positional[1], call.where));
  Interpreter* p = &ip;
  return lib(ip, "starmap", [p, fn, src](Value& out) {
    Value item;
    if (!(*src)(item)) return false;
    out = p->call(fn, collect(*p, item, SourceRange{}), SourceRange{});
    return true;
  });
}

// pairwise(iterable): (a, b), (b, c), ...
Value pairwise(Interpreter& ip, CallArgs& call) {
  c_count(call, "pairwise", 1, 1);
  auto src = std::make_shared<Iterator>(make_iterator(ip, call.positional[0], call.where));
  auto prev = std::make_shared<std::optional<Value>>();
  return lib(ip, "pairwise", [src, prev](Value& out) {
    Value v;
    if (!*prev) {
      if (!(*src)(v)) return false;
      *prev = v;
    }
    if (!(*src)(v)) return false;
    out = make_tuple({**prev, v});
    *prev = v;
    return true;
  });
}

// accumulate(iterable, func=None, *, initial=None): running totals with the
// runtime's `+` (so it sums arrays and user classes too) or func(total, x).
Value accumulate(Interpreter& ip, CallArgs& call) {
  CArgs a(call, "accumulate", {"iterable", "func", "initial"}, 1, CArgs::Style::Parse, 2);
  auto src = std::make_shared<Iterator>(make_iterator(ip, a[0], call.where));
  Value fn = a[1];
  auto total = std::make_shared<std::optional<Value>>();
  auto pending_initial = std::make_shared<bool>(!a[2].is_none());
  Value initial = a[2];
  Interpreter* p = &ip;
  return lib(ip, "accumulate", [p, src, fn, total, pending_initial, initial](Value& out) {
    if (*pending_initial) {
      *pending_initial = false;
      *total = initial;
      out = initial;
      return true;
    }
    Value v;
    if (!(*src)(v)) return false;
    if (!*total) {
      *total = v;
    } else if (fn.is_none()) {
      *total = binary_op(*p, BinOpKind::Add, **total, v, SourceRange{}, false);
    } else {
      *total = p->call(fn, Values{**total, v});
    }
    out = **total;
    return true;
  });
}

// compress(data, selectors): the items whose selector is true.
Value compress(Interpreter& ip, CallArgs& call) {
  CArgs a(call, "compress", {"data", "selectors"}, 2, CArgs::Style::Clinic);
  auto data = std::make_shared<Iterator>(make_iterator(ip, a[0], call.where));
  auto sel = std::make_shared<Iterator>(make_iterator(ip, a[1], call.where));
  Interpreter* p = &ip;
  return lib(ip, "compress", [p, data, sel](Value& out) {
    Value s;
    while ((*data)(out) && (*sel)(s)) {
      if (p->truthy(s)) return true;
      p->tick();
    }
    return false;
  });
}

// takewhile, dropwhile and filterfalse(predicate, iterable). filterfalse
// takes None for "the item's own truth", as CPython.
enum class PredicateKind : uint8_t { TakeWhile, DropWhile, FilterFalse };

Value predicate_iterator(Interpreter& ip, CallArgs& call, PredicateKind kind, const char* name) {
  c_count(call, name, 2, 2);
  Value pred = call.positional[0];
  auto src = std::make_shared<Iterator>(make_iterator(ip, call.positional[1], call.where));
  auto flag = std::make_shared<bool>(false);  // takewhile: stopped; dropwhile: done dropping
  Interpreter* p = &ip;
  auto test = [p, pred](const Value& v) {
    return p->truthy(pred.is_none() ? v : p->call(pred, Values{v}));
  };
  return lib(ip, name, [p, src, flag, kind, test](Value& out) {
    if (kind == PredicateKind::TakeWhile) {
      if (*flag || !(*src)(out)) return false;
      if (test(out)) return true;
      *flag = true;
      return false;
    }
    while ((*src)(out)) {
      if (kind == PredicateKind::DropWhile && (*flag || !test(out))) return (*flag = true);
      if (kind == PredicateKind::FilterFalse && !test(out)) return true;
      p->tick();
    }
    return false;
  });
}

// tee(iterable, n=2): n iterators over one source; each item is buffered
// until every copy has passed it.
Value tee(Interpreter& ip, CallArgs& call) {
  c_count(call, "tee", 1, 2);
  int64_t n = call.positional.size() > 1 ? to_index(call.positional[1], call.where) : 2;
  if (n < 0) raise(ErrorId::itertools_tee_negative, call.where);
  check_host_alloc(std::min<int64_t>(n, INT64_MAX / kValueBytes) * kValueBytes);
  struct Shared {
    Iterator src;
    std::deque<Value> buffer;
    size_t base = 0;              // index of buffer.front() in the stream
    std::vector<size_t> positions;  // next index each copy reads
  };
  auto sh = std::make_shared<Shared>();
  sh->src = make_iterator(ip, call.positional[0], call.where);
  sh->positions.assign(static_cast<size_t>(n), 0);
  Values copies;
  for (size_t k = 0; k < static_cast<size_t>(n); ++k) {
    copies.push_back(lib(ip, "_tee", [sh, k](Value& out) {
      size_t& pos = sh->positions[k];
      if (pos - sh->base == sh->buffer.size()) {
        if (!sh->src || !sh->src(out)) return (sh->src = nullptr), false;
        sh->buffer.push_back(out);
      }
      out = sh->buffer[pos - sh->base];
      ++pos;
      size_t slowest = *std::min_element(sh->positions.begin(), sh->positions.end());
      while (sh->base < slowest) sh->buffer.pop_front(), ++sh->base;
      return true;
    }));
  }
  return make_tuple(std::move(copies));
}

// groupby(iterable, key=None), as CPython's groupby_next/_grouper_next: the
// outer iterator and its groups share one cursor, and advancing the outer
// iterator ends the group handed out before.
struct GroupBy {
  Iterator src;
  Value keyfn;
  std::optional<Value> tgtkey, currkey, currvalue;
  uint64_t current_group = 0;  // the only group that may still yield
  bool step(Interpreter& ip) {  // pull the next value and its key
    Value v;
    if (!src || !src(v)) return (src = nullptr), false;
    currvalue = v;
    currkey = keyfn.is_none() ? v : ip.call(keyfn, Values{v});
    return true;
  }
};

Value groupby(Interpreter& ip, CallArgs& call) {
  CArgs a(call, "groupby", {"iterable", "key"}, 1, CArgs::Style::Parse);
  auto g = std::make_shared<GroupBy>();
  g->src = make_iterator(ip, a[0], call.where);
  g->keyfn = a[1];
  Interpreter* p = &ip;
  return lib(ip, "groupby", [p, g](Value& out) {
    ++g->current_group;
    while (!(g->currkey && (!g->tgtkey || !py_equal(*p, *g->tgtkey, *g->currkey)))) {
      p->tick();
      if (!g->step(*p)) return false;
    }
    g->tgtkey = g->currkey;
    Value target = *g->tgtkey;
    uint64_t id = g->current_group;
    Value group = lib(*p, "_grouper", [p, g, target, id](Value& item) {
      if (g->current_group != id) return false;
      if (!g->currvalue && !g->step(*p)) return false;
      if (!py_equal(*p, target, *g->currkey)) return false;
      item = *g->currvalue;
      g->currvalue.reset();
      g->currkey.reset();
      return true;
    });
    out = make_tuple({target, group});
    return true;
  });
}

}  // namespace

void register_module_itertools() {
  Interpreter::register_module("itertools", [](Interpreter& ip) {
    auto m = new_module("itertools");
    def_value(*m, "chain", make_chain_type(ip));
    def(*m, "count", count);
    def(*m, "cycle", cycle);
    def(*m, "repeat", repeat);
    def(*m, "islice", islice);
    def(*m, "zip_longest", zip_longest);
    def(*m, "starmap", starmap);
    def(*m, "pairwise", pairwise);
    def(*m, "accumulate", accumulate);
    def(*m, "compress", compress);
    def(*m, "takewhile", [](Interpreter& ip, CallArgs& c) { return predicate_iterator(ip, c, PredicateKind::TakeWhile, "takewhile"); });
    def(*m, "dropwhile", [](Interpreter& ip, CallArgs& c) { return predicate_iterator(ip, c, PredicateKind::DropWhile, "dropwhile"); });
    def(*m, "filterfalse", [](Interpreter& ip, CallArgs& c) { return predicate_iterator(ip, c, PredicateKind::FilterFalse, "filterfalse"); });
    def(*m, "tee", tee);
    def(*m, "groupby", groupby);
    add_itertools_combinatorics(ip, *m);
    return Value::object(m);
  });
}

}  // namespace rungs::python
