//===- DirectiveClauses.cpp - Clauses added to '!$omp' directives ---------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "DirectiveClauses.h"

#include "llvm/ADT/StringExtras.h"

namespace privateer {
namespace fortran {

namespace {

/// The lines of a text: where each starts and its content without the
/// line break (`\n`, and a `\r` before it).
class Lines {
public:
  explicit Lines(llvm::StringRef Text) {
    size_t Start = 0;
    while (Start < Text.size()) {
      size_t End = Text.find('\n', Start);
      if (End == llvm::StringRef::npos)
        End = Text.size();
      Starts.push_back(Start);
      Contents.push_back(Text.slice(Start, End).rtrim('\r'));
      Start = End + 1;
    }
  }
  size_t size() const { return Contents.size(); }
  llvm::StringRef operator[](size_t I) const { return Contents[I]; }
  size_t start(size_t I) const { return Starts[I]; }

private:
  std::vector<size_t> Starts;
  std::vector<llvm::StringRef> Contents;
};

/// The length of the '!$omp' sentinel (after blanks) that \p Line starts
/// with; 0 when it starts with none.
size_t sentinelEnd(llvm::StringRef Line) {
  size_t Blanks = Line.size() - Line.ltrim(" \t").size();
  llvm::StringRef Rest = Line.drop_front(Blanks);
  if (!Rest.starts_with_insensitive("!$omp"))
    return 0;
  // `!$ompx` is no '!$omp' sentinel; `!$omp&` and `!$omp parallel` are.
  if (Rest.size() > 5 && (llvm::isAlnum(Rest[5]) || Rest[5] == '_'))
    return 0;
  return Blanks + 5;
}

/// Where a directive line's code ends: before a `!` comment that is not the
/// sentinel itself, and before trailing blanks.
size_t codeEnd(llvm::StringRef Line) {
  size_t Cut = Line.find('!', sentinelEnd(Line));
  return Line.take_front(Cut).rtrim(" \t\r\f\v").size();
}

/// The code of \p S without blanks, in lower case: how clauses compare.
std::string flat(llvm::StringRef S) {
  std::string Out;
  for (char C : S)
    if (!llvm::isSpace(C))
      Out += llvm::toLower(C);
  return Out;
}

/// The directive starting at 0-based line \p First: the index of its last
/// continuation line and its flattened code; none when no '!$omp'
/// directive starts there.
std::optional<std::pair<size_t, std::string>> directiveAt(const Lines &L,
                                                          size_t First) {
  if (First >= L.size() || !sentinelEnd(L[First]))
    return std::nullopt;
  size_t Last = First;
  while (Last + 1 < L.size() &&
         L[Last].take_front(codeEnd(L[Last])).ends_with("&"))
    ++Last;
  std::string Code;
  for (size_t I = First; I <= Last; ++I)
    Code += flat(L[I].take_front(codeEnd(L[I])));
  return std::make_pair(Last, Code);
}

} // namespace

std::optional<ClauseInsertion>
clauseInsertion(llvm::StringRef Text, unsigned Line, llvm::StringRef Clause) {
  Lines L(Text);
  auto Directive = Line ? directiveAt(L, Line - 1) : std::nullopt;
  if (!Directive || llvm::StringRef(Directive->second).contains(flat(Clause)))
    return std::nullopt;
  size_t Last = Directive->first;
  size_t Column = codeEnd(L[Last]);
  return ClauseInsertion{L.start(Last) + Column, unsigned(Last + 1),
                         unsigned(Column + 1)};
}

std::string
withClauses(llvm::StringRef Text,
            const std::map<unsigned, std::vector<std::string>> &ByLine,
            std::vector<unsigned> &Skipped) {
  Lines L(Text);
  // Insertions by offset; one directive's clauses in order, after each
  // other.
  std::map<size_t, std::string> Inserted;
  for (const auto &[Line, Clauses] : ByLine) {
    auto Directive = Line ? directiveAt(L, Line - 1) : std::nullopt;
    if (!Directive) {
      Skipped.push_back(Line);
      continue;
    }
    auto &[Last, Code] = *Directive;
    for (const std::string &Clause : Clauses) {
      if (llvm::StringRef(Code).contains(flat(Clause)))
        continue;
      Inserted[L.start(Last) + codeEnd(L[Last])] += " " + Clause;
      Code += flat(Clause);
    }
  }
  std::string Out;
  size_t From = 0;
  for (const auto &[Offset, Insertion] : Inserted) {
    Out += Text.slice(From, Offset);
    Out += Insertion;
    From = Offset;
  }
  Out += Text.drop_front(From);
  return Out;
}

} // namespace fortran
} // namespace privateer
