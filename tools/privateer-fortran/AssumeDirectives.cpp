//===- AssumeDirectives.cpp - OpenMP 'assume' in Fortran source -----------===//
//
// Part of privateer. See AssumeDirectives.h.
//
//===----------------------------------------------------------------------===//

#include "AssumeDirectives.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

#include <cctype>

namespace privateer {
namespace fortran {

namespace {

/// One physical line: where it starts in the text and its bytes (without
/// the line break).
struct Line {
  size_t Offset = 0;
  llvm::StringRef Text;
};

std::vector<Line> splitLines(llvm::StringRef Text) {
  std::vector<Line> Lines;
  size_t At = 0;
  while (At <= Text.size()) {
    size_t End = Text.find('\n', At);
    if (End == llvm::StringRef::npos)
      End = Text.size();
    llvm::StringRef L = Text.slice(At, End);
    if (L.ends_with("\r"))
      L = L.drop_back();
    Lines.push_back({At, L});
    if (End == Text.size())
      break;
    At = End + 1;
  }
  return Lines;
}

/// Where the `!$omp` sentinel of a directive line starts (free form: after
/// blanks; fixed form: column 1, `!`, `c` or `*`), or npos.
size_t sentinelAt(llvm::StringRef L, bool FixedForm) {
  size_t At = FixedForm ? 0 : L.find_first_not_of(" \t");
  if (At == llvm::StringRef::npos || L.size() < At + 5)
    return llvm::StringRef::npos;
  char C = L[At];
  bool Lead = C == '!' || (FixedForm && (C == 'c' || C == 'C' || C == '*'));
  if (!Lead || !L.substr(At + 1, 4).equals_insensitive("$omp"))
    return llvm::StringRef::npos;
  // `!$omp` is the whole sentinel: `!$ompx` is another.
  if (!FixedForm && L.size() > At + 5 &&
      !std::isspace((unsigned char)L[At + 5]) && L[At + 5] != '&')
    return llvm::StringRef::npos;
  return At;
}

/// The code of a line without a trailing comment.
llvm::StringRef withoutComment(llvm::StringRef L) {
  char Quote = 0;
  for (size_t K = 0; K < L.size(); ++K) {
    char C = L[K];
    if (Quote) {
      if (C == Quote)
        Quote = 0;
    } else if (C == '\'' || C == '"') {
      Quote = C;
    } else if (C == '!') {
      return L.take_front(K);
    }
  }
  return L;
}

/// The statement a line holds, in lower case, without its label, a
/// trailing comment, or (fixed form) its columns 1-6; empty for a comment
/// line.
std::string statementOf(llvm::StringRef L, bool FixedForm) {
  if (FixedForm) {
    if (L.empty() || L[0] == 'c' || L[0] == 'C' || L[0] == '*' || L[0] == '!')
      return "";
    L = L.size() > 6 ? L.substr(6, 66) : llvm::StringRef();
  }
  L = withoutComment(L).trim();
  // A statement label.
  L = L.drop_while([](char C) {
         return std::isdigit((unsigned char)C);
       }).ltrim();
  return L.lower();
}

bool isBlockStart(llvm::StringRef S) {
  // `block` or `name: block`, not `block data`.
  static const llvm::Regex Start("^([a-z_][a-z0-9_]*[ \t]*:[ \t]*)?block$");
  return Start.match(S);
}

bool isBlockEnd(llvm::StringRef S) {
  static const llvm::Regex End("^end[ \t]*block([ \t]+[a-z_][a-z0-9_]*)?$");
  return End.match(S);
}

bool isUnitStart(llvm::StringRef S) {
  static const llvm::Regex Start(
      "^(([a-z_][a-z0-9_()*=, ]*)[ \t]+)?(subroutine|function|program|"
      "submodule|module)[ \t(]");
  static const llvm::Regex Procedure("^module[ \t]+procedure");
  return Start.match(S.str() + " ") && !Procedure.match(S) &&
         !S.starts_with("end");
}

bool isUnitEnd(llvm::StringRef S) {
  static const llvm::Regex End(
      "^end([ \t]*(subroutine|function|program|submodule|module)([ "
      "\t]+.*)?)?$");
  return End.match(S);
}

/// A directive: its first and last line and its text after the sentinels.
struct Directive {
  unsigned First = 0, Last = 0; // 0-based
  std::string Text;
};

/// The directives of \p Lines with their continuations joined.
std::vector<Directive> collectDirectives(const std::vector<Line> &Lines,
                                         bool FixedForm) {
  std::vector<Directive> Directives;
  for (unsigned K = 0; K < Lines.size(); ++K) {
    size_t At = sentinelAt(Lines[K].Text, FixedForm);
    if (At == llvm::StringRef::npos)
      continue;
    // A fixed-form continuation (column 6 neither blank nor zero) belongs
    // to the directive before it.
    Directive D;
    D.First = D.Last = K;
    D.Text = FixedForm ? Lines[K].Text.substr(6).str()
                       : Lines[K].Text.substr(At + 5).str();
    // Free form: a line whose code ends in `&` continues on the next
    // directive line.
    while (true) {
      unsigned Next = D.Last + 1;
      if (Next >= Lines.size())
        break;
      size_t NAt = sentinelAt(Lines[Next].Text, FixedForm);
      if (NAt == llvm::StringRef::npos)
        break;
      bool Continues;
      llvm::StringRef More;
      if (FixedForm) {
        char Col6 = Lines[Next].Text.size() > 5 ? Lines[Next].Text[5] : ' ';
        Continues = Col6 != ' ' && Col6 != '0';
        More = Lines[Next].Text.substr(6);
      } else {
        llvm::StringRef Code = withoutComment(D.Text).rtrim();
        Continues = Code.ends_with("&");
        More = llvm::StringRef(Lines[Next].Text).substr(NAt + 5).ltrim();
        if (Continues) {
          D.Text = Code.drop_back().str();
          More.consume_front("&");
        }
      }
      if (!Continues)
        break;
      D.Text += " " + More.str();
      D.Last = Next;
    }
    K = D.Last;
    Directives.push_back(std::move(D));
  }
  return Directives;
}

/// The `holds` expressions of \p D, in the original spelling.
std::vector<std::string> holdsOf(const Directive &D) {
  std::vector<std::string> Holds;
  std::string Original = withoutComment(D.Text).str();
  std::string Search = llvm::StringRef(Original).lower();
  for (size_t At = Search.find("holds"); At != std::string::npos;
       At = Search.find("holds", At + 5)) {
    size_t Paren = Search.find_first_not_of(" \t", At + 5);
    if (Paren == std::string::npos || Search[Paren] != '(')
      continue;
    int Depth = 0;
    size_t Close = Paren;
    for (; Close < Search.size(); ++Close) {
      Depth += Search[Close] == '(';
      Depth -= Search[Close] == ')';
      if (Depth == 0)
        break;
    }
    if (Close >= Search.size())
      continue;
    Holds.push_back(Original.substr(Paren + 1, Close - Paren - 1));
  }
  return Holds;
}

/// The line that ends the program unit a directive at \p From is in.
unsigned unitEnd(const std::vector<Line> &Lines, unsigned From,
                 bool FixedForm) {
  unsigned Depth = 0;
  for (unsigned L = From; L < Lines.size(); ++L) {
    std::string S = statementOf(Lines[L].Text, FixedForm);
    if (S.empty())
      continue;
    if (isUnitEnd(S)) {
      if (Depth == 0)
        return L;
      --Depth;
    } else if (isUnitStart(S)) {
      ++Depth;
    }
  }
  return Lines.size() - 1;
}

/// For a BLOCK construct that starts at the first statement at or after
/// \p From: the line of its END BLOCK (~0u when it has none); nothing when
/// no BLOCK starts there.
std::optional<unsigned> blockAfter(const std::vector<Line> &Lines,
                                   unsigned From, bool FixedForm) {
  unsigned Next = From;
  while (Next < Lines.size() &&
         statementOf(Lines[Next].Text, FixedForm).empty() &&
         sentinelAt(Lines[Next].Text, FixedForm) == llvm::StringRef::npos)
    ++Next;
  if (Next >= Lines.size() ||
      !isBlockStart(statementOf(Lines[Next].Text, FixedForm)))
    return std::nullopt;
  unsigned Depth = 0;
  for (unsigned L = Next; L < Lines.size(); ++L) {
    std::string S = statementOf(Lines[L].Text, FixedForm);
    if (isBlockStart(S))
      ++Depth;
    else if (isBlockEnd(S) && --Depth == 0)
      return L;
  }
  return ~0u;
}

} // namespace

bool findAssumptions(llvm::StringRef Text, bool FixedForm, std::string &Masked,
                     std::vector<StatedRange> &Ranges) {
  // A look at the bytes spares files without the word.
  if (!Text.contains_insensitive("assume"))
    return false;
  std::vector<Line> Lines = splitLines(Text);
  Masked = Text.str();
  std::vector<Directive> Directives = collectDirectives(Lines, FixedForm);
  // Every `assume` (nesting counted) and `end assume` directive.
  struct Opened {
    unsigned Directive;
    std::vector<std::string> Holds;
  };
  std::vector<Opened> Open;
  bool Any = false;
  for (unsigned DI = 0; DI < Directives.size(); ++DI) {
    const Directive &D = Directives[DI];
    std::string Lower = llvm::StringRef(withoutComment(D.Text)).trim().lower();
    llvm::StringRef Code(Lower);
    bool End = Code.consume_front("end");
    Code = Code.ltrim();
    bool Assumes = Code.starts_with("assumes");
    bool Assume = !Assumes && Code.starts_with("assume") &&
                  (Code.size() == 6 || !std::isalnum((unsigned char)Code[6]));
    if (!Assume && !Assumes)
      continue;
    Any = true;
    // A plain comment in the copy Flang lowers (it does not lower them).
    for (unsigned L = D.First; L <= D.Last; ++L) {
      size_t At = sentinelAt(Lines[L].Text, FixedForm);
      if (At != llvm::StringRef::npos)
        Masked[Lines[L].Offset + At + 1] = ' ';
    }
    if (End) {
      if (Assume && !Open.empty()) {
        for (const std::string &H : Open.back().Holds)
          Ranges.push_back(
              {Directives[Open.back().Directive].First + 1, D.Last + 1, H});
        Open.pop_back();
      }
      continue;
    }
    std::vector<std::string> Holds = holdsOf(D);
    // `assumes`: the rest of its program unit. `assume` around a BLOCK
    // construct (no `end assume` then), or up to its `end assume`.
    std::optional<unsigned> Last;
    if (Assumes)
      Last = unitEnd(Lines, D.Last + 1, FixedForm);
    else
      Last = blockAfter(Lines, D.Last + 1, FixedForm);
    if (Last) {
      if (*Last == ~0u)
        continue; // a BLOCK that does not end: nothing is stated
      for (const std::string &H : Holds)
        Ranges.push_back({D.First + 1, *Last + 1, H});
      continue;
    }
    Open.push_back({DI, std::move(Holds)});
  }
  return Any;
}

namespace {

bool isOpenMP(mlir::Operation *Op) {
  return Op->getDialect() && Op->getDialect()->getNamespace() == "omp";
}

/// The line of \p Op in \p File, or 0.
unsigned lineIn(mlir::Operation *Op, llvm::StringRef File) {
  auto At = Op->getLoc()->findInstanceOf<mlir::FileLineColLoc>();
  return At && At.getFilename().getValue() == File ? At.getLine() : 0;
}

/// Gives \p Op, code inside a construct at a line of a range that starts
/// inside the construct, the range's expression in its
/// `privateer.assumed` list: what holds where that code runs.
void attachInside(mlir::Operation *Op, llvm::StringRef File,
                  const std::vector<StatedRange> &Ranges) {
  unsigned Line = lineIn(Op, File);
  mlir::Operation *Construct = Op->getParentOp();
  while (Construct && !isOpenMP(Construct))
    Construct = Construct->getParentOp();
  if (!Line || !Construct)
    return;
  unsigned ConstructLine = lineIn(Construct, File);
  llvm::SmallVector<mlir::Attribute> Holds;
  // (The construct starts before the range: Flang places some of a
  // construct's operations on the line before it, the `end do` of a
  // previous loop.)
  for (const StatedRange &R : Ranges)
    if (Line >= R.First && Line <= R.Last && ConstructLine < R.First)
      Holds.push_back(mlir::StringAttr::get(Op->getContext(), R.Holds));
  if (!Holds.empty())
    Op->setAttr("privateer.assumed",
                mlir::ArrayAttr::get(Op->getContext(), Holds));
}

} // namespace

void attachAssumptions(mlir::ModuleOp Module, llvm::StringRef File,
                       const std::vector<StatedRange> &Ranges) {
  if (Ranges.empty())
    return;
  Module->walk([&](mlir::Operation *Op) {
    if (!isOpenMP(Op))
      return attachInside(Op, File, Ranges);
    auto At = Op->getLoc()->findInstanceOf<mlir::FileLineColLoc>();
    if (!At || At.getFilename().getValue() != File)
      return;
    llvm::SmallVector<mlir::Attribute> Holds;
    if (auto Old = Op->getAttrOfType<mlir::ArrayAttr>("privateer.holds"))
      Holds.assign(Old.begin(), Old.end());
    for (const StatedRange &R : Ranges)
      if (At.getLine() >= R.First && At.getLine() <= R.Last)
        Holds.push_back(mlir::StringAttr::get(Op->getContext(), R.Holds));
    if (!Holds.empty())
      Op->setAttr("privateer.holds",
                  mlir::ArrayAttr::get(Op->getContext(), Holds));
  });
}

} // namespace fortran
} // namespace privateer
