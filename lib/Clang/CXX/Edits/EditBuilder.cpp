//===- EditBuilder.cpp - One fix's edits, under one refusal policy --------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/Edits/EditBuilder.h"

#include "privateer/Clang/CXX/Edits/Includes.h"
#include "privateer/Clang/CXX/Edits/SourceText.h"
#include "privateer/Clang/CXX/StmtWalk.h"
#include "privateer/Clang/SourceLoc.h"
#include "privateer/Support/SourceFileWriter.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FileSystem.h"

using namespace clang;

namespace privateer {
namespace clangfe {

using clang::Expr;

char FixDeclined::ID;

void FixDeclined::log(llvm::raw_ostream &OS) const { OS << Why; }

std::error_code FixDeclined::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}

llvm::Error decline(const llvm::Twine &Why) {
  return llvm::make_error<FixDeclined>(Why.str());
}

std::string whyDeclined(llvm::Error E) {
  std::string Why;
  llvm::handleAllErrors(
      std::move(E), [&](const FixDeclined &D) { Why = D.why(); },
      [&](const llvm::ErrorInfoBase &Other) { Why = Other.message(); });
  return Why;
}

std::string EditBuilder::refusalAt(SourceLocation L, StringRef What) {
  const SourceManager &SM = sources();
  if (L.isInvalid() || L.isMacroID())
    return (What + " comes from a macro expansion").str();
  if (SM.isInSystemHeader(L))
    return "the code is in a system header";
  // What the user cannot write, a fix does not offer to change (the writer
  // would refuse it anyway, after the fact).
  // (The name is relative to the compile's directory, which the file
  // system of the compile knows.)
  OptionalFileEntryRef File = SM.getFileEntryRefForID(SM.getFileID(L));
  if (!File)
    return "";
  llvm::SmallString<256> Path(File->getName());
  if (SM.getFileManager().getVirtualFileSystem().makeAbsolute(Path) ||
      !llvm::sys::fs::exists(Path))
    return "";
  if (isReadOnly(Path))
    return "'" + File->getName().str() + "' is read-only";
  return "";
}

bool EditBuilder::check(SourceLocation L, StringRef What) {
  std::string Why = refusalAt(L, What);
  if (Why.empty())
    return true;
  refuse(Why);
  return false;
}

void EditBuilder::refuse(const llvm::Twine &Why) {
  if (Refusal.empty())
    Refusal = Why.str();
}

bool EditBuilder::writable(SourceLocation L, StringRef What) {
  return check(L, What);
}

bool EditBuilder::writable(std::initializer_list<SourceLocation> Ls) {
  for (SourceLocation L : Ls)
    if (!check(L))
      return false;
  return true;
}

const char *EditBuilder::typesRefusal(const FunctionDecl *FD) {
  if (!FD || (!FD->isTemplateInstantiation() && !FD->isDependentContext()))
    return nullptr;
  return "the code is a template's, and the fix would spell one instance's "
         "types";
}

bool EditBuilder::maySpellTypesIn(const FunctionDecl *FD) {
  const char *Why = typesRefusal(FD);
  if (Why)
    refuse(Why);
  return !Why;
}

void EditBuilder::insert(SourceLocation At, const llvm::Twine &Text) {
  if (check(At))
    Out.push_back(FixItHint::CreateInsertion(At, Text.str()));
}

void EditBuilder::replace(CharSourceRange R, const llvm::Twine &Text) {
  if (check(R.getBegin()) && check(R.getEnd()))
    Out.push_back(FixItHint::CreateReplacement(R, Text.str()));
}

void EditBuilder::replaceTokens(SourceRange R, const llvm::Twine &Text) {
  replace(CharSourceRange::getTokenRange(R), Text);
}

void EditBuilder::remove(CharSourceRange R) {
  if (check(R.getBegin()) && check(R.getEnd()))
    Out.push_back(FixItHint::CreateRemoval(R));
}

void EditBuilder::insertLineBefore(SourceLocation Begin, StringRef Line) {
  if (!check(Begin))
    return;
  const SourceManager &SM = sources();
  auto [File, Offset] = SM.getDecomposedLoc(Begin);
  bool Invalid = false;
  StringRef Text = SM.getBufferData(File, &Invalid);
  if (Invalid || Offset > Text.size()) {
    refuse("the statement is not written where it was found");
    return;
  }
  size_t Start = lineStart(Text, Offset);
  StringRef Indent = Text.slice(Start, Offset);
  if (Indent.find_first_not_of(" \t") != StringRef::npos) {
    refuse("other code is on the line before the statement that must wait");
    return;
  }
  bool CRLF = Start >= 2 && Text[Start - 2] == '\r';
  Out.push_back(FixItHint::CreateInsertion(
      SM.getLocForStartOfFile(File).getLocWithOffset(Start),
      (Indent + Line + (CRLF ? "\r\n" : "\n")).str()));
}

void EditBuilder::include(SourceLocation In, StringRef Header,
                          llvm::function_ref<bool(StringRef)> Beside,
                          const Decl *Declaring) {
  const SourceManager &SM = sources();
  FileID File = SM.getFileID(SM.getExpansionLoc(In));
  std::string Line = ("#include <" + Header + ">\n").str();
  auto After = [&](SourceLocation Hash) {
    SourceLocation Next = nextLineStart(Hash, SM);
    if (Next.isValid())
      insert(Next, Line);
    return Next.isValid();
  };
  // After the file's first include of the family: one place whichever
  // fix needs the header, so that fixes of several constructs insert it
  // once.
  for (const IncludeDirectives::Directive &D : Includes.in(File))
    if (Beside(D.Name))
      if (After(D.Hash))
        return;
  // Else after the directive through which the file includes the
  // declaration.
  FileID F = Declaring
                 ? SM.getFileID(SM.getExpansionLoc(Declaring->getLocation()))
                 : FileID();
  while (F.isValid() && F != File) {
    SourceLocation Inc = SM.getIncludeLoc(F);
    if (Inc.isInvalid())
      break;
    if (SM.getFileID(Inc) == File) {
      unsigned Line = SM.getExpansionLineNumber(Inc);
      for (const IncludeDirectives::Directive &D : Includes.in(File))
        if (SM.getExpansionLineNumber(D.Hash) == Line && After(D.Hash))
          return;
      break;
    }
    F = SM.getFileID(Inc);
  }
  refuse("the file does not declare what the fix uses: include <" + Header +
         ">");
}

void EditBuilder::append(const Edits &More) {
  for (const FixItHint &H : More)
    if (check(H.RemoveRange.getBegin()))
      Out.push_back(H);
}

void EditBuilder::indentMore(const Stmt *S) {
  const SourceManager &SM = sources();
  bool MultiLineString = walkStmts(
      S,
      [&](const Stmt *X) {
        return isa<StringLiteral>(X) &&
                       SM.getExpansionLineNumber(X->getBeginLoc()) !=
                           SM.getExpansionLineNumber(X->getEndLoc())
                   ? WalkStep::Interrupt
                   : WalkStep::Advance;
      },
      CapturedChildren::Captures);
  auto [File, Begin] = SM.getDecomposedLoc(S->getBeginLoc());
  auto [EndFile, End] = SM.getDecomposedLoc(S->getEndLoc());
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (MultiLineString || Invalid || File != EndFile ||
      S->getBeginLoc().isMacroID())
    return;
  std::vector<std::pair<unsigned, unsigned>> Removed;
  for (const FixItHint &H : Out)
    if (H.CodeToInsert.empty() && H.RemoveRange.isCharRange() &&
        SM.getFileID(H.RemoveRange.getBegin()) == File)
      Removed.push_back({SM.getFileOffset(H.RemoveRange.getBegin()),
                         SM.getFileOffset(H.RemoveRange.getEnd())});
  SourceLocation FileStart = SM.getLocForStartOfFile(File);
  for (size_t Line = lineStart(Buffer, Begin); Line <= End;) {
    size_t LineEnd = Buffer.find('\n', Line);
    if (LineEnd == StringRef::npos)
      LineEnd = Buffer.size();
    bool Blank = Buffer.slice(Line, LineEnd).find_first_not_of(" \t\r") ==
                 StringRef::npos;
    bool Gone = llvm::any_of(
        Removed, [&](auto R) { return Line >= R.first && Line < R.second; });
    if (!Blank && !Gone)
      Out.push_back(
          FixItHint::CreateInsertion(FileStart.getLocWithOffset(Line), "  "));
    Line = LineEnd + 1;
  }
}

llvm::Error EditBuilder::decline(const llvm::Twine &Why) {
  refuse(Why);
  return clangfe::decline(Refusal);
}

llvm::Expected<Edits> EditBuilder::result() const {
  if (!Refusal.empty())
    return clangfe::decline(Refusal);
  return Out;
}

} // namespace clangfe
} // namespace privateer
