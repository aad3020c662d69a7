//===- UnitProcess.cpp - One Fortran file's analysis in a child process ---===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "UnitProcess.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>

namespace json = llvm::json;

namespace privateer {
namespace fortran {

namespace {

json::Object toJson(const cli::Position &P) {
  return json::Object{{"file", P.File},
                      {"offset", int64_t(P.Offset)},
                      {"line", int64_t(P.Line)},
                      {"column", int64_t(P.Column)}};
}

json::Object toJson(const cli::Edit &E) {
  return json::Object{{"begin", toJson(E.Begin)},
                      {"length", int64_t(E.Length)},
                      {"endLine", int64_t(E.EndLine)},
                      {"endColumn", int64_t(E.EndColumn)},
                      {"text", E.Text}};
}

cli::Position positionFrom(const json::Object *O) {
  cli::Position P;
  if (!O)
    return P;
  P.File = O->getString("file").value_or("").str();
  P.Offset = O->getInteger("offset").value_or(0);
  P.Line = O->getInteger("line").value_or(0);
  P.Column = O->getInteger("column").value_or(0);
  return P;
}

/// The outcome as the child writes it (the findings' source lines are
/// not sent: the parent reads the files).
json::Value toJson(const UnitOutcome &U) {
  json::Array Findings;
  for (const FortranFinding &F : U.Report.Findings) {
    json::Array Notes;
    for (const cli::NoteOut &N : F.Result.Notes)
      Notes.push_back(
          json::Object{{"where", toJson(N.Where)}, {"message", N.Message}});
    Findings.push_back(json::Object{{"check", F.Result.Check},
                                    {"message", F.Result.Message},
                                    {"asError", F.Result.AsError},
                                    {"where", toJson(F.Result.Where)},
                                    {"notes", std::move(Notes)},
                                    {"clause", F.Clause},
                                    {"directiveFile", F.DirectiveFile},
                                    {"directiveLine", int64_t(F.DirectiveLine)},
                                    {"ordering", toJson(F.Ordering)},
                                    {"noFix", F.NoFix}});
  }
  return json::Object{{"lowered", U.Lowered},
                      {"verifyFailed", U.Report.VerifyFailed},
                      {"heldBackMay", int64_t(U.Report.HeldBackMay)},
                      {"undecided", int64_t(U.Report.Undecided)},
                      {"findings", std::move(Findings)}};
}

FortranFinding findingFrom(const json::Object &O) {
  FortranFinding F;
  F.Result.Check = O.getString("check").value_or("").str();
  F.Result.Message = O.getString("message").value_or("").str();
  F.Result.AsError = O.getBoolean("asError").value_or(false);
  F.Result.Where = positionFrom(O.getObject("where"));
  if (const json::Array *Notes = O.getArray("notes"))
    for (const json::Value &N : *Notes)
      if (const json::Object *Note = N.getAsObject())
        F.Result.Notes.push_back(
            {positionFrom(Note->getObject("where")),
             Note->getString("message").value_or("").str()});
  F.Clause = O.getString("clause").value_or("").str();
  F.NoFix = O.getBoolean("noFix").value_or(false);
  F.DirectiveFile = O.getString("directiveFile").value_or("").str();
  F.DirectiveLine = O.getInteger("directiveLine").value_or(0);
  if (const json::Object *E = O.getObject("ordering")) {
    F.Ordering.Begin = positionFrom(E->getObject("begin"));
    F.Ordering.Length = E->getInteger("length").value_or(0);
    F.Ordering.EndLine = E->getInteger("endLine").value_or(0);
    F.Ordering.EndColumn = E->getInteger("endColumn").value_or(0);
    F.Ordering.Text = E->getString("text").value_or("").str();
  }
  return F;
}

std::optional<UnitOutcome> outcomeFrom(llvm::StringRef Text) {
  llvm::Expected<json::Value> V = json::parse(Text);
  const json::Object *O = V ? V->getAsObject() : nullptr;
  if (!O) {
    llvm::consumeError(V.takeError());
    return std::nullopt;
  }
  UnitOutcome U;
  U.Lowered = O->getBoolean("lowered").value_or(false);
  U.Report.VerifyFailed = O->getBoolean("verifyFailed").value_or(false);
  U.Report.HeldBackMay = O->getInteger("heldBackMay").value_or(0);
  U.Report.Undecided = O->getInteger("undecided").value_or(0);
  if (const json::Array *Findings = O->getArray("findings"))
    for (const json::Value &F : *Findings)
      if (const json::Object *Finding = F.getAsObject())
        U.Report.Findings.push_back(findingFrom(*Finding));
  return U;
}

bool writeAll(int FD, llvm::StringRef Text) {
  while (!Text.empty()) {
    ssize_t N = ::write(FD, Text.data(), Text.size());
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Text = Text.drop_front(N);
  }
  return true;
}

std::string readAll(int FD) {
  std::string Text;
  char Buffer[65536];
  for (;;) {
    ssize_t N = ::read(FD, Buffer, sizeof(Buffer));
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return Text;
    Text.append(Buffer, N);
  }
}

/// How a child that gave no outcome ended.
std::string howItEnded(int Status) {
  if (WIFSIGNALED(Status))
    return std::string("Flang crashed (") + ::strsignal(WTERMSIG(Status)) + ")";
  if (WIFEXITED(Status))
    return "Flang stopped (exit status " + std::to_string(WEXITSTATUS(Status)) +
           ")";
  return "its analysis ended unexpectedly";
}

} // namespace

UnitOutcome runInChild(llvm::function_ref<UnitOutcome()> Analyze,
                       std::string &Why) {
  int Pipe[2];
  if (::pipe(Pipe) != 0) {
    Why = std::string("cannot make a pipe: ") + std::strerror(errno);
    return {};
  }
  // What is buffered is the parent's: the child must not print it again.
  llvm::outs().flush();
  llvm::errs().flush();
  pid_t Child = ::fork();
  if (Child < 0) {
    Why = std::string("cannot start a process: ") + std::strerror(errno);
    ::close(Pipe[0]);
    ::close(Pipe[1]);
    return {};
  }
  if (Child == 0) {
    ::close(Pipe[0]);
    std::string Text;
    llvm::raw_string_ostream(Text) << toJson(Analyze());
    llvm::outs().flush();
    llvm::errs().flush();
    // The module and Flang's state need no teardown: the process ends.
    ::_exit(writeAll(Pipe[1], Text) ? 0 : 3);
  }
  ::close(Pipe[1]);
  std::string Text = readAll(Pipe[0]);
  ::close(Pipe[0]);
  int Status = 0;
  while (::waitpid(Child, &Status, 0) < 0 && errno == EINTR)
    ;
  if (WIFEXITED(Status) && WEXITSTATUS(Status) == 0)
    if (std::optional<UnitOutcome> U = outcomeFrom(Text))
      return *U;
  Why = howItEnded(Status);
  return {};
}

} // namespace fortran
} // namespace privateer
