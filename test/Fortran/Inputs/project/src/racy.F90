#include "racy.h"
subroutine racy(a, b, n)
  use consts
  integer :: n, i
  real :: a(n), b(n), tmp
  !$omp parallel do
  do i = 1, n
#ifdef WITH_SCRATCH
    tmp = a(i) * FACTOR
    b(i) = tmp
#else
    b(i) = a(i) * FACTOR
#endif
  end do
  !$omp end parallel do
end subroutine
