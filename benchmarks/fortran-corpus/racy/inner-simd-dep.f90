! race: yes
! An inner simd loop of a parallel do carries a dependence between lanes.
program inner_simd_dep
  implicit none
  integer :: i, j
  real :: a(64, 32)
  a = 1.0
  !$omp parallel do private(i)
  do j = 1, 32
    !$omp simd
    do i = 1, 63
      a(i + 1, j) = a(i, j) + 1.0
    end do
  end do
  !$omp end parallel do
  print *, a(64, 32)
end program
