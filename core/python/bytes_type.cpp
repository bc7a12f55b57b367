// bytes: the module holding the Python class, the codecs it calls (utf-8,
// ascii, latin-1 with strict/ignore/replace, CPython's error texts), and the
// conversions between raw bytes and the class's latin-1 text.
#include "core/python/bytes_type.h"

#include <cstdio>

#include "core/lang/unicode.h"
#include "core/python/classes.h"
#include "core/python/library_sources.h"
#include "core/python/modules.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

const char* const kModule = "_rungs_bytes";

// Raw bytes as the class's text: one code point per byte.
std::string latin1_text(const std::string& raw) {
  std::string out;
  out.reserve(raw.size());
  for (unsigned char c : raw) lang::append_utf8(out, c);
  return out;
}

std::string raw_of_text(const std::string& text) {
  std::string raw;
  for (char32_t c : lang::code_points(text)) raw += static_cast<char>(c);
  return raw;
}

// "utf-8", "UTF8", "utf_8" -> "utf-8"; "" when the codec is not one of ours.
std::string codec_name(std::string name) {
  for (char& c : name) c = c == '_' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (name == "utf-8" || name == "utf8" || name == "u8") return "utf-8";
  if (name == "ascii" || name == "us-ascii" || name == "646") return "ascii";
  if (name == "latin-1" || name == "latin1" || name == "iso-8859-1" || name == "iso8859-1" || name == "l1" ||
      name == "8859" || name == "cp819")
    return "latin-1";
  return "";
}

Value failure(const std::string& kind, const std::string& message) {
  return make_tuple(Values{make_str(kind), make_str(message)});
}

std::string hex_byte(unsigned v) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "0x%02x", v);
  return buf;
}

std::string positions(size_t first, size_t last) {
  return last - first == 1 ? "position " + std::to_string(first)
                           : "position " + std::to_string(first) + "-" + std::to_string(last - 1);
}

// The length of the well-formed UTF-8 sequence at raw[i] (0: invalid start
// byte), and where a malformed one ends, as CPython's decoder reports it.
struct Utf8Step {
  size_t length = 0;     // bytes consumed when valid
  size_t bad_end = 0;    // end of the invalid run when not
  const char* reason = nullptr;
  char32_t cp = 0;
};

Utf8Step utf8_step(const std::string& raw, size_t i) {
  unsigned char c = static_cast<unsigned char>(raw[i]);
  Utf8Step s;
  if (c < 0x80) return s.length = 1, s.cp = c, s;
  int need = c >= 0xC2 && c <= 0xDF ? 1 : c >= 0xE0 && c <= 0xEF ? 2 : c >= 0xF0 && c <= 0xF4 ? 3 : -1;
  if (need < 0) return s.bad_end = i + 1, s.reason = "invalid start byte", s;
  char32_t cp = c & (need == 1 ? 0x1F : need == 2 ? 0x0F : 0x07);
  for (int k = 1; k <= need; ++k) {
    if (i + k >= raw.size()) return s.bad_end = raw.size(), s.reason = "unexpected end of data", s;
    unsigned char d = static_cast<unsigned char>(raw[i + k]);
    unsigned lo = 0x80, hi = 0xBF;  // the second byte's range narrows for E0, ED, F0, F4
    if (k == 1 && c == 0xE0) lo = 0xA0;
    if (k == 1 && c == 0xED) hi = 0x9F;
    if (k == 1 && c == 0xF0) lo = 0x90;
    if (k == 1 && c == 0xF4) hi = 0x8F;
    if (d < lo || d > hi) return s.bad_end = i + k, s.reason = "invalid continuation byte", s;
    cp = (cp << 6) | (d & 0x3F);
  }
  return s.length = need + 1, s.cp = cp, s;
}

Value decode(const std::string& text, const std::string& encoding, const std::string& errors) {
  std::string codec = codec_name(encoding);
  if (codec.empty()) return failure("LookupError", "unknown encoding: " + encoding);
  std::string raw = raw_of_text(text), out;
  for (size_t i = 0; i < raw.size();) {
    unsigned char c = static_cast<unsigned char>(raw[i]);
    size_t bad_end = i + 1;
    std::string reason = "ordinal not in range(128)";
    if (codec == "latin-1" || (codec == "ascii" && c < 0x80)) {
      lang::append_utf8(out, c), ++i;
      continue;
    }
    if (codec == "utf-8") {
      Utf8Step s = utf8_step(raw, i);
      if (s.length) {
        lang::append_utf8(out, s.cp), i += s.length;
        continue;
      }
      bad_end = s.bad_end, reason = s.reason;
    }
    if (errors == "strict") {
      std::string what = bad_end - i == 1 ? "byte " + hex_byte(c) : "bytes";
      return failure("UnicodeDecodeError",
                     "'" + codec + "' codec can't decode " + what + " in " + positions(i, bad_end) + ": " + reason);
    }
    if (errors == "replace") lang::append_utf8(out, 0xFFFD);
    else if (errors != "ignore") return failure("LookupError", "unknown error handler name '" + errors + "'");
    i = bad_end;
  }
  return make_str(out);
}

Value encode(const std::string& text, const std::string& encoding, const std::string& errors) {
  std::string codec = codec_name(encoding);
  if (codec.empty()) return failure("LookupError", "unknown encoding: " + encoding);
  if (codec == "utf-8") return make_str(latin1_text(text));
  char32_t limit = codec == "ascii" ? 0x80 : 0x100;
  std::u32string cps = lang::code_points(text);
  std::string out;
  for (size_t i = 0; i < cps.size();) {
    if (cps[i] < limit) {
      lang::append_utf8(out, cps[i++]);
      continue;
    }
    size_t end = i;
    while (end < cps.size() && cps[end] >= limit) ++end;
    if (errors == "strict") {
      std::string what = end - i == 1 ? "character '" + lang::python_escape(cps[i]) + "'" : "characters";
      return failure("UnicodeEncodeError", "'" + codec + "' codec can't encode " + what + " in " +
                                               positions(i, end) + ": ordinal not in range(" +
                                               std::to_string(limit) + ")");
    }
    if (errors == "replace") out += std::string(end - i, '?');
    else if (errors != "ignore") return failure("LookupError", "unknown error handler name '" + errors + "'");
    i = end;
  }
  return make_str(out);
}

Value codec_builtin(const char* name, Value (*codec)(const std::string&, const std::string&, const std::string&)) {
  return make_builtin(name, [codec, name](Interpreter&, CallArgs& a) -> Value {
    const Values& p = a.positional;  // (text, encoding, errors); the text is the class's own str
    for (size_t i = 1; i < 3; ++i)
      if (!p.at(i).is(ObjKind::Str))
        return failure("TypeError", std::string(name + 1) + "() argument '" + (i == 1 ? "encoding" : "errors") +
                                        "' must be str, not " + type_name(p[i]));
    return codec(p[0].as<StrObj>().s, p[1].as<StrObj>().s, p[2].as<StrObj>().s);
  });
}

Value module_attr(Interpreter& ip, const char* name) {
  Value m = ip.import_module(kModule, ip.current_range());
  return m.as<ModuleObj>().attrs.at(name);
}

}  // namespace

void register_module_bytes() {
  Interpreter::register_module(kModule, [](Interpreter& ip) {
    Value module = ip.define_generated_module(
        kModule, kBytesSource, {{"_encode", codec_builtin("_encode", encode)}, {"_decode", codec_builtin("_decode", decode)}});
    // It prints as the builtin it stands for: <class 'bytes'>.
    module.as<ModuleObj>().attrs.at("bytes").as<ClassObj>().dict->set(make_str("__module__"), make_str("builtins"));
    return module;
  });
}

Value bytes_class(Interpreter& ip) { return module_attr(ip, "bytes"); }

Value bytes_literal_builder(Interpreter& ip) { return module_attr(ip, "from_latin1"); }

Value make_bytes(Interpreter& ip, const std::string& raw) {
  return ip.call(module_attr(ip, "from_latin1"), Values{make_str(latin1_text(raw))}, ip.current_range());
}

std::optional<std::string> bytes_data(Interpreter& ip, const Value& v) {
  auto cls = user_class_of(v);
  if (!cls || !v.is(ObjKind::Instance) || cls->name != "bytes") return std::nullopt;
  if (cls->value().obj() != bytes_class(ip).obj()) return std::nullopt;
  const Value* text = v.as<InstanceObj>().dict->find(make_str("_s"));
  if (!text || !text->is(ObjKind::Str)) return std::nullopt;
  return raw_of_text(text->as<StrObj>().s);
}

Value encode_str(Interpreter& ip, const std::string& text, const Value& encoding, const Value& errors,
                 SourceRange where) {
  return ip.call(bytes_class(ip), Values{make_str(text), encoding, errors}, where);
}

}  // namespace rungs::python
