#include "core/rungs/race_detector.h"

namespace rungs::exec {

std::string thread_str(const ThreadKey& t) {
  return "(" + std::to_string(t.first) + ", " + std::to_string(t.second) + ")";
}

std::optional<RaceDetector::Report> RaceDetector::first_race(const char* kind, const Access& now,
                                                             const std::vector<Access>& earlier,
                                                             const char* earlier_kind, const BufferKey& key) {
  for (const Access& e : earlier) {
    // A thread's own accesses are in program order (its clock only grows).
    if (e.thread == now.thread || e.clock.ordered(now.clock)) continue;
    if (!ranges_overlap(now.range, e.range)) continue;
    races_found_ = true;
    Report r;
    std::string k = key.str();
    r.text = std::string("RACE DETECTED\n  ") + kind + " of " + k + "[" + range_str(now.range) + "] from " +
             thread_str(now.thread) + ", " + now.site.frame + "\n  clock: " + now.clock.str() + "\n  " +
             earlier_kind + " of " + k + "[" + range_str(e.range) + "] from " + thread_str(e.thread) + ", " +
             e.site.frame + "\n  clock: " + e.clock.str() + "\n\n";
    // The record lists the earlier access first, as a reader would tell it.
    r.races.emplace_back();
    Race& race = r.races.back();
    race.buffer = k;
    race.buffer_ref = key.ref();
    race.first_kind = earlier_kind;
    race.second_kind = kind;
    race.first_range = e.box;
    race.second_range = now.box;
    race.first_thread = thread_str(e.thread);
    race.second_thread = thread_str(now.thread);
    race.first_source = e.site.source;
    race.second_source = now.site.source;
    race.first_clock = e.clock.values();
    race.second_clock = now.clock.values();
    race.step = now.site.step;
    return r;
  }
  return std::nullopt;
}

std::optional<RaceDetector::Report> RaceDetector::check_read(const ThreadKey& thread, const VectorClock& clock,
                                                             const BufferKey& key, const Range& range,
                                                             const AccessSite& site, const array::Shape& logical) {
  ++accesses_;
  History& h = histories_[key];
  Access now{thread, clock, range, site, box_of(range, logical)};
  std::optional<Report> r = first_race("read", now, h.writes, "write", key);
  h.reads.push_back(std::move(now));
  return r;
}

std::optional<RaceDetector::Report> RaceDetector::check_write(const ThreadKey& thread, const VectorClock& clock,
                                                              const BufferKey& key, const Range& range,
                                                              const AccessSite& site, const array::Shape& logical) {
  ++accesses_;
  History& h = histories_[key];
  Access now{thread, clock, range, site, box_of(range, logical)};
  // JAX reports the first write conflict and (separately) the first read
  // conflict; both print. The record keeps the first one found.
  std::optional<Report> w = first_race("write", now, h.writes, "write", key);
  std::optional<Report> r = first_race("write", now, h.reads, "read", key);
  h.writes.push_back(std::move(now));
  if (w && r) {
    w->text += r->text;
    w->races.push_back(r->races[0]);
    return w;
  }
  return w ? w : r;
}

}  // namespace rungs::exec
