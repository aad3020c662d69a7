! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A flush makes no write safe: every thread still updates the counter,
! and no thread waits for the flag the flush names.
subroutine flush_no_protection(counter, done)
  integer :: counter, done
  !$omp parallel
  counter = counter + 1
  done = 1
  !$omp flush(done)
  !$omp end parallel
end subroutine
! CHECK: flush-no-protection.f90:8:3: warning: 'counter' is updated by every thread without a reduction; concurrent updates are lost [privateer-shared-buffer]
! CHECK: flush-no-protection.f90:8:3: note: thread 0 and thread 1 both update 'counter'
