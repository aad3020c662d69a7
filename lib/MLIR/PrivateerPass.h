//===- PrivateerPass.h - privateer's options as MLIR pass options -*- C++
//-*-===//
//
// Part of privateer. The base of privateer's MLIR passes: one pass option
// per entry of Options.def (`checks=`, `cache-line=`, `solver-timeout-ms=`,
// ...), expanded from that list as every other front end expands it, and
// their values read back through the core's own parser, so that a value
// the plugin or the CLI rejects is rejected here with the same words.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_MLIR_PRIVATEERPASS_H
#define PRIVATEER_LIB_MLIR_PRIVATEERPASS_H

#include "privateer/Analysis/Options.h"
#include "privateer/MLIR/ConstructAnalyzer.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace privateer {
namespace mlirfe {

/// What a pass option of each kind of Options.def holds.
template <OptionKind K> struct PassOptionValue {
  using type = unsigned; // Unsigned, PowerOfTwo
};
template <> struct PassOptionValue<OptionKind::Globs> {
  using type = std::string;
};
template <> struct PassOptionValue<OptionKind::ErrorMode> {
  using type = std::string; // `on` or `off`; empty: as the host decides
};
template <> struct PassOptionValue<OptionKind::Flag> {
  using type = bool;
};

/// A pass option's default: the core's, except where the pass decides
/// (its own checks) or MLIR has no such setting (the compiler's -Werror).
inline unsigned passDefault(unsigned V) { return V; }
inline bool passDefault(bool V) { return V; }
inline std::string passDefault(const CheckFilter &) { return ""; }
inline std::string passDefault(Options::ErrorMode) { return ""; }

/// The word Options::apply reads for a value given to a pass; empty for a
/// flag given as false (the core's default).
inline std::string optionWord(llvm::StringRef Name, bool V) {
  return V ? Name.str() : "";
}
inline std::string optionWord(llvm::StringRef Name, unsigned V) {
  return Name.str() + "=" + std::to_string(V);
}
inline std::string optionWord(llvm::StringRef Name, const std::string &V) {
  return V.empty() ? "" : Name.str() + "=" + V;
}

template <typename Derived>
class PrivateerPass : public mlir::PassWrapper<Derived, mlir::OperationPass<>> {
  using Base = mlir::PassWrapper<Derived, mlir::OperationPass<>>;

public:
  PrivateerPass() = default;
  // The options are registered anew with the copy; MLIR copies their
  // values after.
  PrivateerPass(const PrivateerPass &Other) : Base(Other) {}

protected:
#define PRIVATEER_OPTION(Field, Name, TidyKey, Kind, Min, Max, Value, Help)    \
  typename Base::template Option<                                              \
      typename PassOptionValue<OptionKind::Kind>::type>                        \
      Field{*this, Name, llvm::cl::desc(Help),                                 \
            llvm::cl::init(passDefault(Options().Field))};
#include "privateer/Options.def"

  /// The options this pass was given, \p DefaultChecks when it was given no
  /// `checks=`; nothing, after an error at the operation, when a value is
  /// not valid.
  std::optional<Options> options(llvm::StringRef DefaultChecks) {
    Options Opts;
    Opts.Checks = CheckFilter(DefaultChecks);
    std::string Word, Error;
#define PRIVATEER_OPTION(Field, Name, TidyKey, Kind, Min, Max, Value, Help)    \
  Word = Field.hasValue() ? optionWord(Name, Field.getValue()) : "";           \
  if (!Word.empty() && !Opts.apply(Word, Error)) {                             \
    mlir::emitError(this->getOperation()->getLoc()) << "privateer: " << Error; \
    return std::nullopt;                                                       \
  }
#include "privateer/Options.def"
    return Opts;
  }

  /// After the analysis: the solver's statistics (`stats`), and how many
  /// unproven findings were held back (without `report-may`), which a
  /// user would not know of otherwise.
  void summarize(const ConstructAnalyzer &Analyzer) {
    if (Analyzer.options().Stats)
      llvm::errs() << Analyzer.stats().str() << "\n";
    std::string Note = heldBackNote(Analyzer, "report-may=1");
    if (Note.empty())
      return;
    mlir::Operation *Op = this->getOperation();
    auto Symbol = Op->template getAttrOfType<mlir::StringAttr>(
        mlir::SymbolTable::getSymbolAttrName());
    llvm::errs() << "privateer: " << Note << " in '"
                 << (Symbol ? "@" + Symbol.getValue().str()
                            : Op->getName().getStringRef().str())
                 << "'\n";
  }
};

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_LIB_MLIR_PRIVATEERPASS_H
