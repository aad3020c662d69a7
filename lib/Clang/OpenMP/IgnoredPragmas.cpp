//===- IgnoredPragmas.cpp - '#pragma omp' in a unit without -fopenmp ------===//
//
// Part of privateer. Without -fopenmp, clang drops every `#pragma omp`
// (its own warning about it, -Wsource-uses-openmp, is off by default), so
// the unit has no OpenMP construct and privateer finds nothing: a build
// that forgot the flag (a CMakeLists that adds -fopenmp for GCC only) would
// look clean. The watch remembers the first such pragma for the front
// ends' notice. With -fopenmp-simd alone only 'simd' constructs take
// effect: the first other construct is named, with what that means.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/ProgrammingModel.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace privateer {
namespace clangfe {

IgnoredCodeWatch::~IgnoredCodeWatch() = default;

namespace {

/// The first word of a pragma written at \p Text: `#pragma omp ...`,
/// `#  pragma omp`, `_Pragma("omp ...")`, `_Pragma ( " omp`.
StringRef pragmaNamespace(StringRef Text) {
  auto SkipBlanks = [&] { Text = Text.ltrim(" \t"); };
  if (Text.consume_front("#")) {
    SkipBlanks();
    if (!Text.consume_front("pragma"))
      return "";
  } else if (Text.consume_front("_Pragma")) {
    SkipBlanks();
    if (!Text.consume_front("("))
      return "";
    SkipBlanks();
    if (!Text.consume_front("\"") && !Text.consume_front("L\""))
      return "";
  } else {
    return "";
  }
  SkipBlanks();
  return Text.take_while([](char C) { return isalnum(C) || C == '_'; });
}

class FirstPragma : public PPCallbacks {
public:
  FirstPragma(const SourceManager &SM,
              std::shared_ptr<std::optional<IgnoredCode>> First, bool SimdOnly)
      : SM(SM), First(std::move(First)), SimdOnly(SimdOnly) {}

  void PragmaDirective(SourceLocation Loc,
                       PragmaIntroducerKind Introducer) override {
    if (*First || Loc.isInvalid())
      return;
    SourceLocation At = SM.getExpansionLoc(Loc);
    if (SM.isInSystemHeader(At))
      return;
    bool Invalid = false;
    const char *Text = SM.getCharacterData(SM.getSpellingLoc(Loc), &Invalid);
    if (Invalid)
      return;
    // The pragma's line (buffers end with a NUL).
    size_t Length = 0;
    while (Length < 256 && Text[Length] && Text[Length] != '\n')
      ++Length;
    StringRef Line(Text, Length);
    if (pragmaNamespace(Line) != "omp")
      return;
    if (SimdOnly) {
      // The directive's first word: `simd` and `declare simd` take effect.
      StringRef Rest = Line.substr(Line.find("omp") + 3).ltrim(" \t");
      StringRef Word =
          Rest.take_while([](char C) { return isalnum(C) || C == '_'; });
      if (Word == "simd" || Word == "declare" || Word == "end" || Word.empty())
        return;
      *First = IgnoredCode{
          At, "'#pragma omp " + Word.str() +
                  "' has no effect: this file is compiled with "
                  "-fopenmp-simd alone, which keeps only 'simd' "
                  "constructs, so its parallel code runs on one thread and "
                  "privateer analyses none of its OpenMP code (compile with "
                  "-fopenmp to check it)"};
      return;
    }
    *First = IgnoredCode{
        At, "'#pragma omp' is ignored: this file is compiled without "
            "-fopenmp, so privateer finds no OpenMP construct in it (add "
            "-fopenmp to check its parallel code)"};
  }

private:
  const SourceManager &SM;
  std::shared_ptr<std::optional<IgnoredCode>> First;
  bool SimdOnly;
};

/// Shares what it saw with the callbacks, which the preprocessor owns.
class OpenMPWatch : public IgnoredCodeWatch {
public:
  std::optional<IgnoredCode> first() const override { return *First; }
  std::shared_ptr<std::optional<IgnoredCode>> First =
      std::make_shared<std::optional<IgnoredCode>>();
};

} // namespace

std::unique_ptr<IgnoredCodeWatch> watchIgnoredOpenMP(Preprocessor &PP,
                                                     const LangOptions &LO) {
  if (LO.OpenMP && !LO.OpenMPSimd)
    return nullptr;
  auto Watch = std::make_unique<OpenMPWatch>();
  PP.addPPCallbacks(std::make_unique<FirstPragma>(PP.getSourceManager(),
                                                  Watch->First, LO.OpenMPSimd));
  return Watch;
}

} // namespace clangfe
} // namespace privateer
