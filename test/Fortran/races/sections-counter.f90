! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! Two sections update one counter.
subroutine sections_counter(c)
  integer :: c
  !$omp parallel sections
  !$omp section
  c = c + 1
  !$omp section
  c = c + 1
  !$omp end parallel sections
end subroutine
! CHECK: sections-counter.f90:8:3: warning: 'c' is updated by more than one section without a reduction; concurrent updates are lost [privateer-shared-buffer]
! CHECK: sections-counter.f90:10:3: note: section 2 updates 'c' here while section 1 updates 'c'
