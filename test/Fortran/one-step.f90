! RUN: not %privateer_fortran %s 2>&1 | FileCheck %s
! RUN: %privateer_fortran %S/Inputs/clean.f90
! RUN: %privateer_fortran --checks=-*,privateer-loop-alloc %s 2>&1 | FileCheck %s --check-prefix=NONE --implicit-check-not=warning:
!
! privateer-fortran: Flang lowers the file in the tool's process, the checks run on
! its module; findings at the Fortran line with its caret, a summary, exit 1.

subroutine scratch(a, b, n)
  integer :: n, i
  real :: a(n), b(n), tmp
  !$omp parallel do
  do i = 1, n
    tmp = a(i) * 2
    b(i) = tmp + 1
  end do
  !$omp end parallel do
end subroutine

! CHECK: one-step.f90:13:5: warning: shared buffer 'tmp' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]
! CHECK-NEXT: {{^}}    tmp = a(i) * 2
! CHECK-NEXT: {{^}}    ^
! CHECK: one-step.f90:10:23: note: 'tmp' is declared here
! CHECK: one-step.f90:13:5: note: iterations i=1 and i=2 both write 'tmp'
! CHECK: one-step.f90:11:9: note: 'tmp' is shared by this '!$omp parallel do'
! CHECK: privateer-fortran: 1 translation unit, 1 finding{{$}}
! NONE: privateer-fortran: 1 translation unit, 0 findings{{$}}
