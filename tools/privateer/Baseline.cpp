//===- Baseline.cpp - Today's findings, accepted --------------------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "Baseline.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <tuple>

using namespace llvm;

namespace privateer {
namespace cli {

namespace {
/// The format's name and version, the first key of every baseline.
constexpr const char *FormatKey = "privateerBaseline";
constexpr int64_t FormatVersion = 1;
} // namespace

Expected<Baseline> Baseline::read(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer)
    return createStringError(Buffer.getError(),
                             "cannot read the baseline '" + Path +
                                 "': " + Buffer.getError().message());
  auto Invalid = [&](const Twine &Why) {
    return createStringError("'" + Path + "' is not a privateer baseline (" +
                             Why + "); write one with --write-baseline");
  };
  Expected<json::Value> V = json::parse((*Buffer)->getBuffer());
  if (!V)
    return Invalid(toString(V.takeError()));
  const json::Object *Root = V->getAsObject();
  if (!Root || Root->getInteger(FormatKey) != FormatVersion)
    return Invalid("no \"" + Twine(FormatKey) + "\": " + Twine(FormatVersion));
  const json::Array *Findings = Root->getArray("findings");
  if (!Findings)
    return Invalid("no \"findings\" list");
  Baseline B;
  for (const json::Value &F : *Findings) {
    const json::Object *O = F.getAsObject();
    std::optional<StringRef> Fingerprint =
        O ? O->getString("fingerprint") : std::nullopt;
    if (!Fingerprint)
      return Invalid("a finding without a \"fingerprint\"");
    B.Fingerprints.insert(Fingerprint->str());
  }
  return B;
}

void Baseline::write(raw_ostream &OS, ArrayRef<const Result *> Results,
                     StringRef SourceRoot) {
  struct Row {
    std::string File;
    const Result *R;
  };
  std::vector<Row> Rows;
  for (const Result *R : Results) {
    std::string Rel = relativeTo(R->Where.File, SourceRoot);
    Rows.push_back({Rel.empty() ? R->Where.File : Rel, R});
  }
  std::sort(Rows.begin(), Rows.end(), [](const Row &A, const Row &B) {
    return std::tie(A.File, A.R->Where.Line, A.R->Where.Column,
                    A.R->Fingerprint) < std::tie(B.File, B.R->Where.Line,
                                                 B.R->Where.Column,
                                                 B.R->Fingerprint);
  });
  json::OStream J(OS, 2);
  J.object([&] {
    J.attribute(FormatKey, FormatVersion);
    J.attribute("tool", "privateer " PRIVATEER_VERSION);
    J.attributeArray("findings", [&] {
      for (const Row &Row : Rows)
        J.object([&] {
          J.attribute("fingerprint", Row.R->Fingerprint);
          J.attribute("check", Row.R->Check);
          J.attribute("file", Row.File);
          J.attribute("line", Row.R->Where.Line);
          J.attribute("message", Row.R->Message);
        });
    });
  });
  OS << "\n";
}

} // namespace cli
} // namespace privateer
