! Its USE statement comes from an included file (ELPA writes procedures in
! '#include'd templates).
subroutine templated(n, a)
#include "uses.inc"
  implicit none
  integer :: n, i
  double precision :: a(n), t
  !$omp parallel do
  do i = 1, n
    t = a(i) * MPI_SUM
    a(i) = t
  end do
end subroutine
