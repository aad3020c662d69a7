//===- SourceTexts.cpp - The analysed files' text, read once --------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "SourceTexts.h"

#include "llvm/Support/MemoryBuffer.h"

namespace privateer {
namespace fortran {

const std::string *SourceTexts::text(const std::string &Path) {
  auto It = Files.find(Path);
  if (It == Files.end()) {
    std::optional<std::string> Text;
    if (auto Buffer = llvm::MemoryBuffer::getFile(
            Path, /*IsText=*/false, /*RequiresNullTerminator=*/false))
      Text = (*Buffer)->getBuffer().str();
    It = Files.emplace(Path, std::move(Text)).first;
  }
  return It->second ? &*It->second : nullptr;
}

unsigned SourceTexts::offset(const std::string &Path, unsigned Line,
                             unsigned Column) {
  const std::string *Text = text(Path);
  if (!Text || !Line || !Column)
    return 0;
  size_t Start = 0;
  for (unsigned L = 1; L < Line; ++L) {
    Start = Text->find('\n', Start);
    if (Start == std::string::npos)
      return 0;
    ++Start;
  }
  return Start + Column - 1;
}

llvm::StringRef SourceTexts::line(const std::string &Path, unsigned Line) {
  const std::string *Text = text(Path);
  if (!Text || !Line)
    return "";
  size_t Start = offset(Path, Line, 1);
  if (Line > 1 && Start == 0)
    return "";
  llvm::StringRef Rest = llvm::StringRef(*Text).drop_front(Start);
  return Rest.take_until([](char C) { return C == '\n'; }).rtrim('\r');
}

} // namespace fortran
} // namespace privateer
