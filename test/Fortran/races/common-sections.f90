! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! Two sections call procedures that write one COMMON variable.
subroutine set_low()
  real :: level
  common /state/ level
  level = 0.0
end subroutine
subroutine set_high()
  real :: level
  common /state/ level
  level = 1.0
end subroutine
subroutine common_sections()
  !$omp parallel sections
  !$omp section
  call set_low()
  !$omp section
  call set_high()
  !$omp end parallel sections
end subroutine
! CHECK: common-sections.f90:17:3: warning: 'level' is written by more than one section without synchronization [privateer-shared-buffer]
! CHECK: common-sections.f90:19:3: note: section 2 writes 'level' here while section 1 writes 'level' in 'set_low'
