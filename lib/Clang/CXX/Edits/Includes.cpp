//===- Includes.cpp - The unit's #include lines, as preprocessed ----------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/Edits/Includes.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {

class Recorder : public PPCallbacks {
public:
  Recorder(
      const SourceManager &SM,
      llvm::DenseMap<FileID, std::vector<IncludeDirectives::Directive>> &ByFile)
      : SM(SM), ByFile(ByFile) {}

  void InclusionDirective(SourceLocation Hash, const Token &, StringRef Name,
                          bool Angled, CharSourceRange, OptionalFileEntryRef,
                          StringRef, StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    // (A directive a macro expands to has no line of its own to follow.)
    if (Hash.isFileID())
      ByFile[SM.getFileID(Hash)].push_back({Hash, Name.str(), Angled});
  }

private:
  const SourceManager &SM;
  llvm::DenseMap<FileID, std::vector<IncludeDirectives::Directive>> &ByFile;
};

} // namespace

std::unique_ptr<PPCallbacks>
IncludeDirectives::recorder(const SourceManager &SM) {
  return std::make_unique<Recorder>(SM, ByFile);
}

llvm::ArrayRef<IncludeDirectives::Directive>
IncludeDirectives::in(FileID F) const {
  auto It = ByFile.find(F);
  if (It == ByFile.end())
    return {};
  return It->second;
}

} // namespace clangfe
} // namespace privateer
