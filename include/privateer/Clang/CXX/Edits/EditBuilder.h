//===- EditBuilder.h - One fix's edits, under one refusal policy -*- C++
//-*-===//
//
// Part of privateer. Every fix of every programming model is built through
// an EditBuilder, which holds the policy a fix must follow and words each
// refusal once: no edit inside a macro expansion (it would change every use
// of the macro), in a system header, or in a file the user cannot write;
// no type spelled in a template's code (its instances have other types).
// A builder of one kind of fix has one signature,
//   llvm::Expected<Edits> build(const Finding &, const ModelledConstruct &,
//                               EditBuilder &);
// it makes its edits through the builder and returns result(), or declines
// with decline("why"): the reason becomes the note `no automatic fix: why`.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_EDITS_EDITBUILDER_H
#define PRIVATEER_CLANG_CXX_EDITS_EDITBUILDER_H

#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Error.h"

#include <initializer_list>
#include <string>
#include <vector>

namespace privateer {
namespace clangfe {

class IncludeDirectives;

/// The edits of one fix, in the order a diagnostic shows them.
using Edits = std::vector<clang::FixItHint>;

/// Why a fix was not built: what a user reads after `no automatic fix: `.
class FixDeclined : public llvm::ErrorInfo<FixDeclined> {
public:
  static char ID;
  explicit FixDeclined(std::string Why) : Why(std::move(Why)) {}
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;
  const std::string &why() const { return Why; }

private:
  std::string Why;
};

/// A refusal, with its reason.
llvm::Error decline(const llvm::Twine &Why);

/// The reason of a refusal (of any error), consuming it.
std::string whyDeclined(llvm::Error E);

class EditBuilder {
public:
  EditBuilder(clang::ASTContext &Ctx, const IncludeDirectives &Includes)
      : Ctx(Ctx), Includes(Includes) {}

  /// A builder for another attempt at a fix: the same unit, no edits, no
  /// refusal.
  EditBuilder fresh() const { return EditBuilder(Ctx, Includes); }

  clang::ASTContext &context() const { return Ctx; }
  const clang::SourceManager &sources() const { return Ctx.getSourceManager(); }
  const clang::LangOptions &lang() const { return Ctx.getLangOpts(); }

  //===-- The policy: each check records its reason when it refuses -------===//

  /// Whether an edit may touch \p L: a location written in a source file
  /// (not a macro expansion), not a system header, a file the user can
  /// write. \p What names the code in the reason (`the directive comes from
  /// a macro expansion`).
  bool writable(clang::SourceLocation L, llvm::StringRef What = "the code");
  bool writable(std::initializer_list<clang::SourceLocation> Ls);
  /// The same question, without recording a reason: for a place a fix may
  /// choose not to use (a clause to extend, where a new one would do too).
  bool isWritable(clang::SourceLocation L) {
    return refusalAt(L, "the code").empty();
  }
  /// Whether a fix may spell a type in \p FD's code: not in a template,
  /// whose instances have different types.
  bool maySpellTypesIn(const clang::FunctionDecl *FD);
  /// The same rule for a helper without a builder: why no type may be
  /// spelled in \p FD's code, or null.
  static const char *typesRefusal(const clang::FunctionDecl *FD);

  //===-- Edits, each refused (and the reason kept) as the policy says ----===//

  void insert(clang::SourceLocation At, const llvm::Twine &Text);
  void replace(clang::CharSourceRange R, const llvm::Twine &Text);
  /// Replaces the tokens from \p R's begin to its end.
  void replaceTokens(clang::SourceRange R, const llvm::Twine &Text);
  void remove(clang::CharSourceRange R);
  /// \p Line on a line of its own before the statement that starts at
  /// \p Begin, indented like it, ending like the line before it (a CRLF
  /// file stays CRLF); refused where other code precedes the statement on
  /// its line.
  void insertLineBefore(clang::SourceLocation Begin, llvm::StringRef Line);
  /// `#include <Header>` in the file of \p In, on the line after the first
  /// of its include directives that \p Beside accepts (by the name as
  /// written), else after the directive through which the file includes
  /// \p Declaring's file; refused (with a reason naming the header) where
  /// there is neither. Several fixes of one file insert it at one place.
  void include(clang::SourceLocation In, llvm::StringRef Header,
               llvm::function_ref<bool(llvm::StringRef)> Beside,
               const clang::Decl *Declaring);
  /// Edits built elsewhere (their locations checked like the others).
  void append(const Edits &More);
  /// Two more blanks at the start of every line of \p S, for a statement
  /// that moves into a new block; lines that edits made so far remove stay
  /// as they are, and nothing changes where a string literal spans lines
  /// (its text would change).
  void indentMore(const clang::Stmt *S);

  //===-- The result ------------------------------------------------------===//

  /// Records \p Why as the reason there is no fix (the first reason
  /// stays) and returns it, for `return E.decline("...")`.
  llvm::Error decline(const llvm::Twine &Why);
  /// Whether an edit or a check was refused.
  bool refused() const { return !Refusal.empty(); }
  /// The edits made so far, or the first refusal (the builder keeps them:
  /// a helper may return its result to a builder that goes on).
  llvm::Expected<Edits> result() const;
  /// The edits made so far.
  const Edits &edits() const { return Out; }

private:
  /// Why \p L cannot be edited, or empty.
  std::string refusalAt(clang::SourceLocation L, llvm::StringRef What);
  bool check(clang::SourceLocation L, llvm::StringRef What = "the code");
  /// Keeps \p Why as the reason, unless there is one already.
  void refuse(const llvm::Twine &Why);

  clang::ASTContext &Ctx;
  const IncludeDirectives &Includes;
  Edits Out;
  std::string Refusal;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_EDITS_EDITBUILDER_H
